//! Setup facts: values a task's setup picks from the world (songs of an artist, a contact, an
//! amount), recorded under a name so that the task's checks read them instead of recomputing
//! them from the catalog on every evaluation.
//!
//! A setup starts from the same base world every time, so its picks never change between
//! starts: [`crate::TaskEnv`] keeps each task's facts after its first start and hands them to
//! later starts and to every evaluation. Only setups record facts; a check that finds none
//! computes the value itself from the end state.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

type Value = Arc<dyn Any + Send + Sync>;

/// One task's recorded picks, by name.
#[derive(Default, Clone)]
pub struct Facts {
    values: RefCell<HashMap<String, Value>>,
}

impl Facts {
    /// The value named `key`, computed by `compute` (and recorded) the first time.
    pub fn get_or<T>(&self, key: &str, compute: impl FnOnce() -> T) -> T
    where
        T: Clone + Send + Sync + 'static,
    {
        if let Some(v) = self.get(key) {
            return v;
        }
        let v = compute();
        self.values
            .borrow_mut()
            .insert(key.to_string(), Arc::new(v.clone()));
        v
    }

    /// The value named `key`, if one of type `T` was recorded.
    pub fn get<T: Clone + 'static>(&self, key: &str) -> Option<T> {
        self.values
            .borrow()
            .get(key)
            .and_then(|v| v.downcast_ref::<T>())
            .cloned()
    }

    /// How many values are recorded.
    pub fn len(&self) -> usize {
        self.values.borrow().len()
    }

    /// Nothing recorded?
    pub fn is_empty(&self) -> bool {
        self.values.borrow().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computes_once_and_reads_back() {
        let f = Facts::default();
        let mut calls = 0;
        let mut pick = || {
            calls += 1;
            vec![3i64, 1, 2]
        };
        assert_eq!(f.get_or("songs", &mut pick), vec![3, 1, 2]);
        assert_eq!(f.get_or("songs", &mut pick), vec![3, 1, 2]);
        assert_eq!(calls, 1);
        assert_eq!(f.get::<Vec<i64>>("songs"), Some(vec![3, 1, 2]));
        // Another type under the same name is not confused with it.
        assert_eq!(f.get::<String>("songs"), None);
        assert_eq!(f.len(), 1);
    }
}
