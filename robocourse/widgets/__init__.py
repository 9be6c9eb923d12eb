"""Drawing and interactive figures for the chapters.

Figures are plain ``matplotlib.figure.Figure`` objects (no pyplot state, so a
notebook's inline figures are never turned into widgets). An interactive figure
moves its artists with ``set_data`` and re-renders to a PNG shown in an
``ipywidgets.Image`` (see ``drawing.LiveFigure``); every animation also has a
static fallback, a JavaScript player embedded in the saved notebook, that shows
the motion without a running kernel (``drawing.animation_html``).
"""
