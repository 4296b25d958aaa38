//! Questions whose answers are in `show_api_descriptions` / `show_api_doc`. The expected
//! answers are computed from the registry the docs are served from.

use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Answer, Solution};
use crate::scenarios::{Design, Drawing, Gen};
use sim::api::Registry;
use std::sync::OnceLock;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    instruction: &'static str,
    /// The answer, computed from the registry.
    answer: f64,
}

impl Design for Values {
    const APPS: &[&str] = &["api_docs"];
    const SCRIPT: &str = include_str!("api_doc_question.py");

    /// The supervisor, the variant's question and its answer.
    fn draw(g: &mut Gen) -> Drawing<Values> {
        g.supervisor();
        let reg = registry();
        let token_apis = |app: &str| {
            reg.app_apis(app)
                .filter(|a| a.params.iter().any(|x| x.name == "access_token"))
                .count()
        };
        let (instruction, answer) = match g.variant {
            1 => (
                "How many APIs of the venmo and splitwise apps, together, take an access_token parameter? Use the API docs.",
                (token_apis("venmo") + token_apis("splitwise")) as f64,
            ),
            2 => {
                let max = reg
                    .app_apis("simple_note")
                    .filter_map(|a| a.params.iter().find(|x| x.name == "page_limit"))
                    .filter_map(|x| x.constraints.le)
                    .fold(0.0, f64::max);
                (
                    "What is the largest page_limit that any simple_note API accepts? Use the API docs.",
                    max,
                )
            }
            _ => {
                let n: usize = reg
                    .app_apis("simple_note")
                    .map(|a| a.params.iter().filter(|x| x.name != "access_token").count())
                    .sum();
                (
                    "How many parameters do the simple_note app's APIs take, all of them together, not counting access_token? Use the API docs.",
                    n as f64,
                )
            }
        };
        Values {
            variant: g.variant,
            instruction,
            answer,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        v.instruction.to_string()
    }

    fn answer(v: &Values) -> Option<Answer> {
        Some(Answer::Number(v.answer))
    }

    /// The ground truth (one cell) and the wrong solutions.
    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        let none = Vals::new();
        let one = |name: &str| vec![script.cell(name, &none)];
        let (gt, wrong) = match v.variant {
            1 => (
                "count_token_apis",
                vec![
                    solution("counts every API of the two apps", one("count_all_apis")),
                    solution("counts venmo's only", one("count_venmo_token_apis")),
                ],
            ),
            2 => (
                "max_page_limit",
                vec![
                    solution(
                        "answers with search_notes' default instead of the maximum",
                        one("default_page_limit"),
                    ),
                    solution(
                        "answers with the smallest allowed page_limit",
                        one("min_page_limit"),
                    ),
                ],
            ),
            _ => (
                "count_params",
                vec![
                    solution("counts access_token too", one("count_params_with_token")),
                    solution(
                        "counts the APIs instead of their parameters",
                        one("count_apis"),
                    ),
                ],
            ),
        };
        (one(gt), wrong)
    }
}

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(apps::registry)
}
