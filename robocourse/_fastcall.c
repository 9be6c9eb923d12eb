/* robocourse._fastcall: calling a generated program from Python without ctypes.

   codegen.NumericFunction compiles its program to a plain C function

       int program(const double *in, double *out);   (returns the number of results
                                                       that are not finite)

   and, where this extension builds, calls it through the type Function below: one
   call parses the arguments (float64 arrays of the right length, Python floats,
   lists or tuples of floats), runs the program into a new float64 array (or into the
   caller's `out=`) and returns it. Any other argument (ints, float32, a wrong shape,
   a bad `out`) goes to the Python method `_call_checked`, which converts or raises an
   error that names the argument; a result that is not finite goes to the Python
   method `_not_finite`, which raises the ValueError. A Python class derived from
   Function (codegen._fast_class) adds everything else. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <structmember.h>
#include <string.h>

typedef int (*program_t)(const double *in, double *out);

#define MAX_ARGUMENTS 8

typedef struct {
    PyObject_HEAD
    PyObject *dict;                         /* the Python attributes of the instance */
    program_t program;
    int arguments;
    Py_ssize_t start[MAX_ARGUMENTS + 1];    /* argument k fills in[start[k]:start[k+1]] */
    int scalar[MAX_ARGUMENTS];              /* argument k is one number (shape ()) */
    int ndim;                               /* shape of one result */
    npy_intp dims[2];
    double *in;
} Function;

/* Copy argument k into self->in; 0 (no error set) when it is not of a fast kind. */
static int fill(Function *self, int k, PyObject *value)
{
    double *to = self->in + self->start[k];
    Py_ssize_t size = self->start[k + 1] - self->start[k];
    if (self->scalar[k]) {
        if (!PyFloat_CheckExact(value))
            return 0;
        *to = PyFloat_AS_DOUBLE(value);
        return 1;
    }
    if (PyArray_CheckExact(value)) {
        PyArrayObject *array = (PyArrayObject *)value;
        if (PyArray_TYPE(array) != NPY_DOUBLE || PyArray_NDIM(array) != 1
                || PyArray_DIM(array, 0) != size || !PyArray_ISALIGNED(array)
                || !PyArray_ISNOTSWAPPED(array))
            return 0;
        const char *data = PyArray_BYTES(array);
        npy_intp stride = PyArray_STRIDE(array, 0);
        if (stride == sizeof(double))
            memcpy(to, data, size * sizeof(double));
        else
            for (Py_ssize_t i = 0; i < size; i++)
                to[i] = *(const double *)(data + i * stride);
        return 1;
    }
    if (PyList_CheckExact(value) || PyTuple_CheckExact(value)) {
        if (PySequence_Fast_GET_SIZE(value) != size)
            return 0;
        PyObject **items = PySequence_Fast_ITEMS(value);
        for (Py_ssize_t i = 0; i < size; i++) {
            if (!PyFloat_CheckExact(items[i]))
                return 0;
            to[i] = PyFloat_AS_DOUBLE(items[i]);
        }
        return 1;
    }
    return 0;
}

/* `out` if it is a float64 C-contiguous writeable array of the result's shape. */
static int usable(Function *self, PyObject *out)
{
    if (!PyArray_CheckExact(out))
        return 0;
    PyArrayObject *array = (PyArrayObject *)out;
    if (PyArray_TYPE(array) != NPY_DOUBLE || PyArray_NDIM(array) != self->ndim
            || !PyArray_IS_C_CONTIGUOUS(array) || !PyArray_ISWRITEABLE(array)
            || !PyArray_ISALIGNED(array) || !PyArray_ISNOTSWAPPED(array))
        return 0;
    for (int d = 0; d < self->ndim; d++)
        if (PyArray_DIM(array, d) != self->dims[d])
            return 0;
    return 1;
}

/* self.name(*args, **kwargs): the way out to the Python side. */
static PyObject *python(PyObject *self, const char *name, PyObject *args, PyObject *kwargs)
{
    PyObject *method = PyObject_GetAttrString(self, name);
    if (method == NULL)
        return NULL;
    PyObject *result = PyObject_Call(method, args, kwargs);
    Py_DECREF(method);
    return result;
}

static PyObject *call(PyObject *object, PyObject *args, PyObject *kwargs)
{
    Function *self = (Function *)object;
    PyObject *out = NULL;
    if (self->program == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "this Function is not bound to a program");
        return NULL;
    }
    if (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0) {
        out = PyDict_GetItemString(kwargs, "out");
        if (PyDict_GET_SIZE(kwargs) != 1 || out == NULL || (out != Py_None && !usable(self, out)))
            return python(object, "_call_checked", args, kwargs);
        if (out == Py_None)
            out = NULL;
    }
    if (PyTuple_GET_SIZE(args) != self->arguments)
        return python(object, "_call_checked", args, kwargs);
    for (int k = 0; k < self->arguments; k++)
        if (!fill(self, k, PyTuple_GET_ITEM(args, k)))
            return python(object, "_call_checked", args, kwargs);
    PyObject *result = out;
    if (out == NULL) {
        result = PyArray_SimpleNew(self->ndim, self->dims, NPY_DOUBLE);
        if (result == NULL)
            return NULL;
    } else {
        Py_INCREF(out);
    }
    if (self->program(self->in, (double *)PyArray_DATA((PyArrayObject *)result)) != 0) {
        Py_DECREF(result);
        return python(object, "_not_finite", args, NULL);
    }
    return result;
}

/* _bind(address, starts, scalars, shape): the program at `address` (an integer), the
   first input index of each argument and the end (len(starts) = arguments + 1),
   which arguments are single numbers, and the shape of one result. */
static PyObject *bind(PyObject *object, PyObject *args)
{
    Function *self = (Function *)object;
    unsigned long long address;
    PyObject *starts, *scalars, *shape;
    if (!PyArg_ParseTuple(args, "KO!O!O!", &address, &PyTuple_Type, &starts, &PyTuple_Type,
                          &scalars, &PyTuple_Type, &shape))
        return NULL;
    Py_ssize_t arguments = PyTuple_GET_SIZE(scalars);
    Py_ssize_t ndim = PyTuple_GET_SIZE(shape);
    if (arguments > MAX_ARGUMENTS || PyTuple_GET_SIZE(starts) != arguments + 1 || ndim > 2) {
        PyErr_Format(PyExc_ValueError, "at most %d arguments and 2 result dimensions",
                     MAX_ARGUMENTS);
        return NULL;
    }
    for (Py_ssize_t k = 0; k <= arguments; k++) {
        self->start[k] = PyLong_AsSsize_t(PyTuple_GET_ITEM(starts, k));
        if (k < arguments)
            self->scalar[k] = PyObject_IsTrue(PyTuple_GET_ITEM(scalars, k));
    }
    for (Py_ssize_t d = 0; d < ndim; d++)
        self->dims[d] = PyLong_AsSsize_t(PyTuple_GET_ITEM(shape, d));
    if (PyErr_Occurred())
        return NULL;
    double *in = PyMem_Realloc(self->in, (self->start[arguments] + 1) * sizeof(double));
    if (in == NULL)
        return PyErr_NoMemory();
    self->in = in;
    self->arguments = (int)arguments;
    self->ndim = (int)ndim;
    self->program = (program_t)(uintptr_t)address;
    Py_RETURN_NONE;
}

static int traverse(PyObject *object, visitproc visit, void *arg)
{
    Py_VISIT(((Function *)object)->dict);
    Py_VISIT(Py_TYPE(object));
    return 0;
}

static int clear(PyObject *object)
{
    Py_CLEAR(((Function *)object)->dict);
    return 0;
}

static void dealloc(PyObject *object)
{
    PyTypeObject *type = Py_TYPE(object);
    PyObject_GC_UnTrack(object);
    clear(object);
    PyMem_Free(((Function *)object)->in);
    type->tp_free(object);
    Py_DECREF(type);
}

static PyMethodDef methods[] = {
    {"_bind", bind, METH_VARARGS, "Bind the program: (address, starts, scalars, shape)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef members[] = {
    {"__dictoffset__", T_PYSSIZET, offsetof(Function, dict), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

static PyType_Slot slots[] = {
    {Py_tp_call, call},
    {Py_tp_methods, methods},
    {Py_tp_members, members},
    {Py_tp_traverse, traverse},
    {Py_tp_clear, clear},
    {Py_tp_dealloc, dealloc},
    {Py_tp_new, PyType_GenericNew},
    {Py_tp_doc, "A generated program called from Python (see robocourse.codegen)."},
    {0, NULL},
};

static PyType_Spec spec = {
    .name = "robocourse._fastcall.Function",
    .basicsize = sizeof(Function),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .slots = slots,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fastcall", "Generated programs called without ctypes.", -1, NULL,
};

PyMODINIT_FUNC PyInit__fastcall(void)
{
    import_array();
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    PyObject *type = PyType_FromSpec(&spec);
    if (type == NULL || PyModule_AddObject(m, "Function", type) < 0) {
        Py_XDECREF(type);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
