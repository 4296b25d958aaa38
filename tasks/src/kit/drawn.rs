//! The values a scenario variant drew, moved once into a [`Drawn`] and shared by its setup
//! steps, checks and allowances (plain `fn`s of the values, so nothing is cloned per closure).

use crate::diff::RowChange;
use crate::eval::EvalCtx;
use crate::model::{Allow, Check};
use crate::scenarios::SetupStep;
use crate::setup::Setup;
use std::sync::Arc;

/// A scenario's drawn values, shared by what runs later (setup, checks, allowances).
pub struct Drawn<V>(Arc<V>);

impl<V: Send + Sync + 'static> Drawn<V> {
    /// Takes the values.
    pub fn new(values: V) -> Drawn<V> {
        Drawn(Arc::new(values))
    }

    /// A check named `name` that runs `run` on the values and the episode's end state.
    pub fn check(
        &self,
        name: impl Into<String>,
        run: fn(&V, &EvalCtx) -> Result<(), String>,
    ) -> Check {
        let v = self.0.clone();
        Check::new(name, move |ctx| run(&v, ctx))
    }

    /// An allowance described by `what` that accepts the changes `fits` accepts.
    pub fn allow(
        &self,
        what: impl Into<String>,
        fits: fn(&V, &EvalCtx, &RowChange) -> bool,
    ) -> Allow {
        let v = self.0.clone();
        Allow::new(what, move |ctx, r| fits(&v, ctx, r))
    }

    /// A setup step that writes what `run` writes from the values.
    pub fn step(&self, run: fn(&V, &Setup) -> rusqlite::Result<()>) -> SetupStep {
        let v = self.0.clone();
        Arc::new(move |s: &Setup| run(&v, s))
    }
}

impl<V> std::ops::Deref for Drawn<V> {
    type Target = V;
    fn deref(&self) -> &V {
        &self.0
    }
}
