//! [`Design`]: a scenario written as one type of drawn values, from which every part of its
//! tasks follows. [`build`] is the one place that turns a design into [`Parts`], so scenario
//! files hold only what differs between scenarios: the draw, the instruction, the setup, the
//! solutions, the checks and the allowances.

use super::{Gen, Parts, SetupStep};
use crate::kit::{Drawn, Script};
use crate::model::{Allow, Answer, Check, Solution};
use apps::simple_note::seed::NoteSeed;

/// What a scenario's draw gives: its values, the supervisor's notes when the scenario designs
/// them (`None` keeps the base world's notes), and the instruction when the draw wrote it
/// (`None`: [`Design::instruction`] writes it from the values).
pub struct Drawing<V> {
    /// The values everything else reads.
    pub values: V,
    /// The supervisor's notes after setup.
    pub notes: Option<Vec<NoteSeed>>,
    /// The instruction.
    pub instruction: Option<String>,
}

impl<V> Drawing<V> {
    /// With the instruction the draw wrote.
    pub fn instruction(mut self, text: impl Into<String>) -> Drawing<V> {
        self.instruction = Some(text.into());
        self
    }
}

impl<V> From<V> for Drawing<V> {
    fn from(values: V) -> Drawing<V> {
        Drawing {
            values,
            notes: None,
            instruction: None,
        }
    }
}

impl<V> From<(V, Vec<NoteSeed>)> for Drawing<V> {
    fn from((values, notes): (V, Vec<NoteSeed>)) -> Drawing<V> {
        Drawing {
            values,
            notes: Some(notes),
            instruction: None,
        }
    }
}

/// A scenario as the type of its drawn values. Each function reads the values (after the
/// draw, nothing takes randomness), so the parts do not depend on the order they are asked
/// for in.
pub trait Design: Sized + Send + Sync + 'static {
    /// The apps the task uses, in the task's order.
    const APPS: &'static [&'static str];
    /// The scenario's Python (its sibling `.py`: cells split by `# %%`).
    const SCRIPT: &'static str;

    /// Draws one variant's values (the only step that takes randomness from `g`).
    fn draw(g: &mut Gen) -> Drawing<Self>;
    /// The apps of one variant (default: [`Design::APPS`]; see [`with_app`]).
    fn apps(_v: &Self) -> Vec<&'static str> {
        Self::APPS.to_vec()
    }
    /// The instruction, for a design whose draw does not write it. Panics by default: such a
    /// design is broken (the suite's tests build every task).
    fn instruction(_v: &Self) -> String {
        panic!(
            "{}: the draw wrote no instruction and the design has no `instruction`",
            std::any::type_name::<Self>()
        )
    }
    /// The ground-truth cells and the wrong solutions, from the scenario's script.
    fn solutions(v: &Self, script: &Script) -> (Vec<String>, Vec<Solution>);
    /// The expected answer (a question's).
    fn answer(_v: &Self) -> Option<Answer> {
        None
    }
    /// Setup steps, run after the supervisor and notes are installed.
    fn setup(_v: &Drawn<Self>) -> Vec<SetupStep> {
        Vec::new()
    }
    /// The task's own checks.
    fn checks(_v: &Drawn<Self>) -> Vec<Check> {
        Vec::new()
    }
    /// The changes the task expects or allows.
    fn allowed(_v: &Drawn<Self>) -> Vec<Allow> {
        Vec::new()
    }
}

/// The parts of one variant of the design `D`.
pub fn build<D: Design>(g: &mut Gen) -> Parts {
    let Drawing {
        values,
        notes,
        instruction,
    } = D::draw(g);
    let v = Drawn::new(values);
    let script = Script::parse(D::SCRIPT);
    let (ground_truth, wrong) = D::solutions(&v, &script);
    Parts {
        supervisor: g.chosen(),
        instruction: instruction.unwrap_or_else(|| D::instruction(&v)),
        notes,
        answer: D::answer(&v),
        ground_truth,
        wrong,
        checks: D::checks(&v),
        allowed: D::allowed(&v),
        apps: D::apps(&v),
        setup: D::setup(&v),
    }
}

/// `apps`, and then `extra` where a variant uses one more app.
pub fn with_app(apps: &[&'static str], extra: Option<&'static str>) -> Vec<&'static str> {
    apps.iter().copied().chain(extra).collect()
}
