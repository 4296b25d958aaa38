//! Scenario templates. A scenario builds its three tasks (a contrast set: same template,
//! different people, values and sometimes a different right action) from the world's people.
//!
//! Each scenario is a function from a [`Gen`] (variant, seeded random stream, people) to
//! [`Parts`]; [`Scenario::task`] turns the parts into a [`Task`] whose setup makes the chosen
//! person the supervisor, replaces their notes with the designed set (if any) and runs the
//! scenario's own setup steps ([`Parts::setup`]: rows of any app, through `crate::setup`).

mod bills_split;
mod comms;
mod contacts;
mod design;
mod docs_profile;
mod documents;
mod errands;
mod groups;
mod household;
mod inbox;
mod money;
mod notes_edit;
mod notes_qa;
mod orders;
mod playlists;
mod projects;
mod shop_music;
mod trips;

use crate::model::{Allow, Answer, Check, Solution, Split, Task};
use apps::people::{Person, Population};
use apps::simple_note::seed::NoteSeed;
use chrono::{Duration, NaiveDateTime};
use sim::rng::Rng;
use std::sync::Arc;

pub use design::{Design, Drawing, build, with_app};

/// A task template with its split and difficulty.
pub struct Scenario {
    /// Readable name (also what the 7-hex id is derived from).
    pub name: &'static str,
    /// Split of all three tasks.
    pub split: Split,
    /// Difficulty 1–3.
    pub difficulty: u8,
    /// Builds one variant.
    pub build: fn(&mut Gen) -> Parts,
}

/// Every scenario.
pub fn all() -> Vec<Scenario> {
    let mut v = Vec::new();
    v.extend(notes_qa::scenarios());
    v.extend(notes_edit::scenarios());
    v.extend(docs_profile::scenarios());
    v.extend(bills_split::scenarios());
    v.extend(money::scenarios());
    v.extend(comms::scenarios());
    v.extend(shop_music::scenarios());
    v.extend(playlists::scenarios());
    v.extend(orders::scenarios());
    v.extend(inbox::scenarios());
    v.extend(projects::scenarios());
    v.extend(documents::scenarios());
    v.extend(groups::scenarios());
    v.extend(trips::scenarios());
    v.extend(contacts::scenarios());
    v.extend(household::scenarios());
    v.extend(errands::scenarios());
    v
}

/// One step of a scenario's setup: rows of any app, written through [`crate::setup::Setup`].
pub type SetupStep =
    Arc<dyn Fn(&crate::setup::Setup) -> rusqlite::Result<()> + Send + Sync + 'static>;

/// Wraps a closure as a [`SetupStep`].
pub fn step(
    f: impl Fn(&crate::setup::Setup) -> rusqlite::Result<()> + Send + Sync + 'static,
) -> SetupStep {
    Arc::new(f)
}

/// What a scenario variant defines.
pub struct Parts {
    /// The supervisor.
    pub supervisor: i64,
    /// The instruction.
    pub instruction: String,
    /// The supervisor's notes after setup (None: keep the base world's notes).
    pub notes: Option<Vec<NoteSeed>>,
    /// Expected answer.
    pub answer: Option<Answer>,
    /// Ground-truth cells.
    pub ground_truth: Vec<String>,
    /// Wrong solutions.
    pub wrong: Vec<Solution>,
    /// Task-specific checks.
    pub checks: Vec<Check>,
    /// Expected or allowed changes.
    pub allowed: Vec<Allow>,
    /// Apps used.
    pub apps: Vec<&'static str>,
    /// Setup steps after the supervisor and notes are installed, in order.
    pub setup: Vec<SetupStep>,
}

/// The generator state of one variant.
pub struct Gen<'a> {
    /// 1, 2 or 3.
    pub variant: u8,
    /// Random stream of this scenario and variant.
    pub rng: Rng,
    /// The world's people.
    pub population: &'a Population,
    /// The task's clock.
    pub now: NaiveDateTime,
    /// The supervisor the draw picked ([`Gen::supervisor`], [`Gen::supervisor_where`] or
    /// [`Gen::supervisor_from`]).
    chosen: Option<i64>,
}

impl Gen<'_> {
    /// A supervisor for this variant: different people for the three variants of a scenario
    /// (people 2.. so that the base world's supervisor is not always the one).
    pub fn supervisor(&mut self) -> Person {
        let idx = self.pick();
        self.choose(&self.population.people[idx])
    }

    /// The first person who `fits`, from this variant's [`Gen::supervisor`] on (in the order of
    /// the people, wrapping around); that supervisor if nobody fits.
    pub fn supervisor_from(&mut self, fits: impl Fn(&Person) -> bool) -> Person {
        let people = &self.population.people;
        let start = self.pick();
        let idx = (0..people.len())
            .map(|k| (start + k) % people.len())
            .find(|&i| fits(&people[i]))
            .unwrap_or(start);
        self.choose(&self.population.people[idx])
    }

    /// The index of this variant's supervisor among the people (people 2.. so that the base
    /// world's supervisor is not always the one).
    fn pick(&mut self) -> usize {
        let n = self.population.people.len() as i64;
        let pick = self.rng.range(1, n / 3);
        (pick + i64::from(self.variant - 1) * (n / 3)) as usize % n as usize
    }

    /// A supervisor for this variant among the people `fits` accepts (different people for
    /// the three variants when there are enough); panics if nobody fits, which is a broken
    /// scenario.
    pub fn supervisor_where(&mut self, fits: impl Fn(&Person) -> bool) -> Person {
        let pool: Vec<&Person> = self.population.people.iter().filter(|p| fits(p)).collect();
        assert!(!pool.is_empty(), "no person fits this scenario");
        let third = (pool.len() / 3).max(1);
        let pick = self.rng.range(0, third as i64) as usize;
        let p = pool[(pick + usize::from(self.variant - 1) * third) % pool.len()];
        self.choose(p)
    }

    /// Records `p` as the variant's supervisor. Panics if the draw picked another one before
    /// (a variant has one supervisor; a broken scenario).
    fn choose(&mut self, p: &Person) -> Person {
        assert!(
            self.chosen.is_none_or(|id| id == p.id),
            "the draw picked a second supervisor"
        );
        self.chosen = Some(p.id);
        p.clone()
    }

    /// The supervisor the draw picked. Panics if it picked none (a broken scenario).
    pub fn chosen(&self) -> i64 {
        self.chosen
            .expect("the draw picked no supervisor (Gen::supervisor)")
    }

    /// The person with id `id`.
    pub fn person(&self, id: i64) -> Person {
        crate::kit::people::person(self.population, id)
    }

    /// `n` everyday notes of `person` (the base world's kinds) that avoid `avoid_tags` and
    /// `avoid_titles`, as distractors around the task's own notes.
    pub fn filler(
        &mut self,
        person: &Person,
        n: usize,
        avoid_tags: &[&str],
        avoid_titles: &[&str],
    ) -> Vec<NoteSeed> {
        let mut out: Vec<NoteSeed> = Vec::new();
        for _ in 0..8 {
            for note in apps::simple_note::seed::notes_for(person, &mut self.rng, self.now) {
                let clash = note.tags.iter().any(|t| avoid_tags.contains(&t.as_str()))
                    || avoid_titles.contains(&note.title.as_str())
                    || out.iter().any(|o| o.title == note.title);
                if !clash && out.len() < n {
                    out.push(note);
                }
            }
            if out.len() >= n {
                break;
            }
        }
        out
    }

    /// A note created `days_ago` days before the task's clock (updated then too).
    pub fn note(
        &self,
        title: &str,
        content: &str,
        tags: &[&str],
        pinned: bool,
        days_ago: i64,
    ) -> NoteSeed {
        let at = self.now - Duration::days(days_ago) - Duration::minutes(37 * days_ago % 600);
        NoteSeed {
            title: title.to_string(),
            content: content.to_string(),
            tags: tags.iter().map(|t| t.to_string()).collect(),
            pinned,
            created_at: at,
            updated_at: at,
        }
    }
}

/// Interleaves `b` into `a` deterministically (so task notes are not all at the end).
pub fn mix(rng: &mut Rng, mut a: Vec<NoteSeed>, b: Vec<NoteSeed>) -> Vec<NoteSeed> {
    for n in b {
        let at = rng.range(0, a.len() as i64 + 1) as usize;
        a.insert(at, n);
    }
    a
}

impl Scenario {
    /// The scenario's 7-hex id (from its name).
    pub fn id(&self) -> String {
        use sha2::Digest;
        let h = sha2::Sha256::digest(self.name.as_bytes());
        h.iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
            .chars()
            .take(7)
            .collect()
    }

    /// Builds variant `variant` (1–3) for the world of `population`.
    pub fn task(&self, variant: u8, population: &Population) -> Task {
        let id = self.id();
        let mut g = Gen {
            variant,
            rng: Rng::derive(u64::from(variant), &format!("task:{}", self.name)),
            population,
            now: sim::clock::default_now(),
            chosen: None,
        };
        let parts = (self.build)(&mut g);
        let supervisor = parts.supervisor;
        let instruction = parts.instruction.clone();
        let notes = parts.notes.clone();
        let steps = parts.setup.clone();
        let setup = Arc::new(move |s: &crate::setup::Setup| {
            let person = s.person(supervisor)?;
            s.install_supervisor(person, &instruction)?;
            if let Some(notes) = &notes {
                s.replace_notes(person, notes)?;
            }
            for step in &steps {
                step(s)?;
            }
            Ok(())
        });
        Task {
            id: format!("{id}_{variant}"),
            scenario_id: id,
            scenario: self.name,
            variant,
            split: self.split,
            difficulty: self.difficulty,
            instruction: parts.instruction,
            supervisor,
            now: g.now,
            apps: parts.apps,
            answer: parts.answer,
            ground_truth: parts.ground_truth,
            wrong_solutions: parts.wrong,
            setup,
            checks: parts.checks,
            allowed: parts.allowed,
        }
    }
}
