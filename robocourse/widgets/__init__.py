"""Drawing and interactive figures for the chapters.

Every chapter widget has one of two shapes (``shapes``): an *explorer* — controls → a pure
state function → ``view.update(state)`` — or a *player* — settings → a run function called
once → frames ``view.show_frame(k)``. The numbers come from the library; a widget module
holds its state or run function, its view and the few lines that join them.

Figures are plain ``matplotlib.figure.Figure`` objects (no pyplot state, so a notebook's
inline figures are never turned into widgets), drawn with the pieces of ``drawing`` and
shown by ``live.LiveFigure``, which re-renders only the moving artists into an
``ipywidgets.Image``. Every widget also has a static fallback (``animation``), a
JavaScript player embedded in the saved notebook that shows the motion without a kernel
and without a network.
"""
