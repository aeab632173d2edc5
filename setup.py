"""Packaging beside pyproject.toml (which holds the project's metadata): the
repository's top-level ``assets/`` folder is installed inside the engine
package, as ``engine/assets/``, with every file in it (whatever is added
later), so that a wheel carries everything the program reads at run time.
``engine/resources.py`` finds it there.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["engine", "engine.*", "game", "game.*"]) + ["engine.assets"],
    package_dir={"engine.assets": "assets"},
    package_data={"engine.assets": ["*", "**/*"], "game": ["*.json"]},
    include_package_data=False,
)
