"""The board: geometry (layout), drawing (render) and tweens (animation)."""
