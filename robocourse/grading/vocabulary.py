"""An exercise's symbols, read the way the student wrote them.

A student declares the symbols of an answer their own way: ``sp.Symbol('l1',
positive=True)``, ``sp.symbols('theta1', real=True)``, ``dynamicsymbols('theta1')``,
``sp.Function('d2')(t)``, or spelled as the statement prints them — ``px`` for
``p_x``, ``theta_1`` or ``θ1`` for ``theta1``, ``theta1dot`` for ``thetadot1``. The
grader reads every answer in the exercise's own symbols *before* any check runs (a
check that substitutes a special case, ``tau.subs(theta2, 0)``, must meet the
exercise's ``theta2``), by these rules:

1. a function of one symbol, ``theta1(t)``, is the joint symbol ``theta1``; its first
   and second time derivatives are ``thetadot1`` and ``thetaddot1`` (``d2(t)``:
   ``d2``, ``ddot2``, ``dddot2``) — the names of ``robot.joint_symbols``;
2. a symbol with the name of one of the exercise's symbols is that symbol, whatever
   its assumptions;
3. otherwise, a symbol whose *spelling* (:func:`spelling`: underscores, braces,
   backslashes and spaces left out, Greek letters and subscript digits written out, a
   joint rate's ``dot`` before its number) is the spelling of exactly one of the
   exercise's symbols is that symbol;
4. any other symbol is the plain symbol of its name (a joint symbol spelled otherwise,
   ``theta_1``, is the joint symbol): no assumption a student declares decides a
   comparison.

The exercise's symbols (:class:`Vocabulary`) are those its modules define: every
sympy symbol that the exercise module and the grader module bind at their top level,
alone or in a tuple, list or Matrix of them (``theta = sp.symbols('theta1:7')``).

>>> t = sp.Symbol('t')
>>> words = Vocabulary(sp.symbols('p_x theta1 m'))
>>> words.read(sp.Symbol('px', real=True) + sp.Function('theta1')(t).diff(t)
...            * sp.Symbol('m', positive=True))
m*thetadot1 + p_x
"""

import re

import sympy as sp
from sympy.core.function import AppliedUndef

from robocourse import _checks as check
from robocourse.robot import derivative_name, joint_symbol_role

__all__ = ["Vocabulary", "spelling", "read_answer", "module_symbols"]

_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu",
    "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau", "φ": "phi",
    "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta",
    "Λ": "Lambda", "Π": "Pi", "Σ": "Sigma", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega"}
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_IGNORED = re.compile(r"[_{}\\\s]")
_RATE_AFTER_NUMBER = re.compile(r"^(theta|d)([1-9][0-9]*)(dot|ddot)$")


@check.arguments(_finite=False, name=check.Text())
def spelling(name):
    """The spelling of a symbol's name: what is left when the ways of writing it are
    taken away (underscores, braces, backslashes, spaces; Greek letters and subscript
    digits written out; ``theta1dot`` → ``thetadot1``).

    >>> [spelling(n) for n in ("p_x", "\\\\theta_{1}", "θ₁", "theta_1_dot", "K_p")]
    ['px', 'theta1', 'theta1', 'thetadot1', 'Kp']
    """
    written = "".join(_GREEK.get(ch, ch) for ch in name.translate(_SUBSCRIPTS))
    plain = _IGNORED.sub("", written)
    return _RATE_AFTER_NUMBER.sub(r"\1\3\2", plain)


#: The kernel of ``spelling``, for the names of symbols (strings already).
_spelling = spelling.__wrapped__


def _time_functions(expr):
    """``theta1(t)``, its derivatives → the symbols ``theta1``, ``thetadot1``, ``thetaddot1``."""
    replacements = {}
    for derivative in sorted(expr.atoms(sp.Derivative), key=lambda d: -d.derivative_count):
        function = derivative.expr
        if isinstance(function, AppliedUndef) and len(function.args) == 1 and \
                len(derivative.variables) == derivative.derivative_count and \
                set(derivative.variables) == set(function.args):
            base = _joint_name(type(function).__name__)
            name = derivative_name(base, derivative.derivative_count) if base else None
            if name is not None:
                replacements[derivative] = sp.Symbol(name)
    expr = expr.xreplace(replacements) if replacements else expr
    differentiated = {f for d in expr.atoms(sp.Derivative) for f in d.atoms(AppliedUndef)}
    functions = {f: sp.Symbol(type(f).__name__) for f in expr.atoms(AppliedUndef)
                 if len(f.args) == 1 and f.args[0].is_Symbol and f not in differentiated}
    return expr.xreplace(functions) if functions else expr


def _joint_name(name):
    """``name`` as a joint variable's name (``theta1``, ``d2``) if it spells one."""
    written = _spelling(name)
    role = joint_symbol_role(sp.Symbol(written))
    return written if role is not None and role.kind == "position" else None


class Vocabulary:
    """The symbols of an exercise, found by name and by :func:`spelling`.

    >>> words = Vocabulary(sp.symbols('F_x f_x'))
    >>> words.symbol(sp.Symbol('Fx')), words.symbol(sp.Symbol('fx', real=True))
    (F_x, f_x)
    """

    @check.arguments(_finite=False, symbols=check.Symbols())
    def __init__(self, symbols=()):
        self.by_name = {}
        for symbol in symbols:
            self.by_name.setdefault(symbol.name, symbol)
        spelled = {}
        for symbol in self.by_name.values():
            spelled.setdefault(_spelling(symbol.name), []).append(symbol)
        self.by_spelling = {key: found[0] for key, found in spelled.items() if len(found) == 1}

    def __add__(self, other):
        return Vocabulary([*self.by_name.values(), *other.by_name.values()])

    @check.arguments(_finite=False, symbol=check.Instance(sp.Basic))
    def symbol(self, symbol):
        """The exercise's symbol that ``symbol`` (a free symbol of an answer: a Symbol, or
        any sympy object with a name) stands for (rules 2–4 of the module)."""
        return self._symbol(symbol)

    def _symbol(self, symbol):
        """The kernel of ``symbol``, for the free symbols of an answer ``read`` reads."""
        if isinstance(symbol, sp.Dummy):
            return symbol
        known = self.by_name.get(symbol.name)
        if known is None:
            known = self.by_spelling.get(_spelling(symbol.name))
        if known is None:
            joint = _spelling(symbol.name)
            known = sp.Symbol(joint if joint_symbol_role(sp.Symbol(joint)) else symbol.name)
        return known

    @check.arguments(_finite=False, value=check.Instance((sp.Basic, sp.MatrixBase)))
    def read(self, value):
        """``value`` (an expression or Matrix) in these symbols (the rules of the module)."""
        value = _time_functions(value)
        replacements = {s: self._symbol(s) for s in value.free_symbols}
        replacements = {s: v for s, v in replacements.items() if v is not s}
        return value.xreplace(replacements) if replacements else value


@check.arguments(_finite=False, value=check.Instance((sp.Basic, sp.MatrixBase)),
                 symbols=check.Symbols())
def read_answer(value, symbols=()):
    """``value`` (an expression or Matrix) read in the exercise's ``symbols`` (the rules of
    this module).

    >>> t = sp.Symbol("t")
    >>> read_answer(sp.Function("theta1")(t).diff(t) * sp.Symbol("m", positive=True),
    ...             [sp.Symbol("m")])
    m*thetadot1
    """
    return Vocabulary(symbols).read(value)


@check.arguments(_finite=False, namespace=check.Instance(dict))
def module_symbols(namespace):
    """The sympy symbols a module binds at its top level (``namespace``: its globals),
    alone or in a tuple, list or Matrix of them, in order."""
    found = []
    for value in namespace.values():
        if isinstance(value, sp.Symbol):
            found.append(value)
        elif isinstance(value, (tuple, list, sp.MatrixBase)):
            found.extend(v for v in value if isinstance(v, sp.Symbol))
    return [s for s in found if not isinstance(s, sp.Dummy)]
