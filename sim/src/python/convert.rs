//! Converting between JSON values (the registry's currency) and Python objects.

use crate::api::params::{py_float, tagged_number};
use rustpython_vm::builtins::{PyDict, PyFloat, PyInt, PyList, PyStr, PyTuple};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};
use serde_json::{Map, Number, Value};

/// Python object → JSON, as a cell's API arguments. Dict keys must be strings; other objects
/// raise `TypeError`. NaN, infinities and integers beyond 64 bits become tagged numbers
/// ([`sim::api::params::tagged_number`]), so the validator answers them as AppWorld does.
pub fn to_json(obj: &PyObjectRef, vm: &VirtualMachine, depth: usize) -> PyResult<Value> {
    if depth > 64 {
        return Err(vm.new_value_error("argument nests too deeply"));
    }
    if vm.is_none(obj) {
        return Ok(Value::Null);
    }
    if obj.class().is(vm.ctx.types.bool_type) {
        return Ok(Value::Bool(obj.clone().try_to_bool(vm)?));
    }
    if let Some(i) = obj.downcast_ref::<PyInt>() {
        return match i.try_to_primitive::<i64>(vm) {
            Ok(v) => Ok(Value::Number(v.into())),
            Err(_) => Ok(tagged_number(i.as_bigint().to_string())),
        };
    }
    if let Some(f) = obj.downcast_ref::<PyFloat>() {
        let f = f.to_f64();
        return Ok(Number::from_f64(f)
            .map(Value::Number)
            .unwrap_or_else(|| tagged_number(py_float(f))));
    }
    if let Some(s) = obj.downcast_ref::<PyStr>() {
        return Ok(Value::String(s.to_string_lossy().into_owned()));
    }
    if let Some(l) = obj.downcast_ref::<PyList>() {
        let items: Vec<PyObjectRef> = l.borrow_vec().to_vec();
        return items
            .iter()
            .map(|x| to_json(x, vm, depth + 1))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if let Some(t) = obj.downcast_ref::<PyTuple>() {
        return t
            .as_slice()
            .iter()
            .map(|x| to_json(x, vm, depth + 1))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if let Some(d) = obj.downcast_ref::<PyDict>() {
        let mut m = Map::new();
        for (k, v) in d {
            let key = match k.downcast_ref::<PyStr>() {
                Some(s) => s.to_string_lossy().into_owned(),
                None => to_json(&k, vm, depth + 1)?.to_string(),
            };
            m.insert(key, to_json(&v, vm, depth + 1)?);
        }
        return Ok(Value::Object(m));
    }
    Err(vm.new_type_error(format!(
        "Object of type {} is not JSON serializable",
        obj.class().name()
    )))
}

/// JSON → Python object (dicts keep key order).
pub fn to_py(v: &Value, vm: &VirtualMachine) -> PyResult<PyObjectRef> {
    Ok(match v {
        Value::Null => vm.ctx.none(),
        Value::Bool(b) => vm.ctx.new_bool(*b).into(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                vm.ctx.new_int(i).into()
            } else if let Some(u) = n.as_u64() {
                vm.ctx.new_int(u).into()
            } else {
                vm.ctx.new_float(n.as_f64().unwrap_or(0.0)).into()
            }
        }
        Value::String(s) => vm.ctx.new_str(s.as_str()).into(),
        Value::Array(items) => {
            let objs = items
                .iter()
                .map(|x| to_py(x, vm))
                .collect::<PyResult<Vec<_>>>()?;
            vm.ctx.new_list(objs).into()
        }
        Value::Object(m) => {
            let d = vm.ctx.new_dict();
            for (k, x) in m {
                d.set_item(k.as_str(), to_py(x, vm)?, vm)?;
            }
            d.into()
        }
    })
}
