//! "Save the receipt of each Amazon order I had shipped to my work address in April into
//! ~/documents/expenses/2023_04/." Orders to the home address and from other months are
//! distractors; several newer orders push April's off the first page. Variant 2 names the
//! folder differently; variant 3 also wants them named by order date.

use crate::eval::EvalCtx;
use crate::kit::amazon::{backdate_recent_orders, order_at, stocked_products};
use crate::kit::changes::allow_added;
use crate::kit::files::{self, files_added};
use crate::kit::python::solution;
use crate::kit::{Drawn, Script, Vals};
use crate::model::{Allow, Check, Solution};
use crate::scenarios::{Design, Drawing, Gen, SetupStep};
use apps::people::Person;
use chrono::NaiveDateTime;

/// What a variant drew.
pub(super) struct Values {
    variant: u8,
    supervisor: Person,
    /// The key of the designed orders' products.
    key: i64,
    /// The folder as the instruction names it (`~/...`), and its full path.
    folder: &'static str,
    dir: String,
    /// Variant 3: the receipts are named by order date.
    by_date: bool,
    /// (when, address) of the designed orders.
    designed: Vec<(NaiveDateTime, &'static str)>,
}

impl Design for Values {
    const APPS: &[&str] = &["supervisor", "amazon", "file_system"];
    const SCRIPT: &str = include_str!("work_receipts.py");

    fn draw(g: &mut Gen) -> Drawing<Values> {
        let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
        let now = g.now;
        let folder = match g.variant {
            1 => "~/documents/expenses/2023_04",
            2 => "~/documents/work/reimbursements/april_2023",
            _ => "~/documents/expenses/amazon_april",
        };
        let d = move |m: u32, day: u32, h: u32| {
            chrono::NaiveDate::from_ymd_opt(2023, m, day)
                .and_then(|x| x.and_hms_opt(h, 40, 0))
                .unwrap_or(now)
        };
        let designed = vec![
            (d(4, 3, 10), "Work"),
            (d(4, 11, 14), "Home"),
            (d(4, 19, 9), "Work"),
            (d(4, 27, 16), "Work"),
            (d(3, 29, 11), "Work"),
            (d(5, 2, 8), "Work"),
            (d(5, 6, 12), "Home"),
            (d(5, 9, 15), "Work"),
            (d(5, 12, 18), "Home"),
            (d(5, 15, 10), "Work"),
        ];
        let home_dir = format!("/home/{}", p.first_name.to_lowercase());
        Values {
            variant: g.variant,
            key: p.id * 71 + i64::from(g.variant) * 13,
            supervisor: p,
            folder,
            dir: folder.replacen('~', &home_dir, 1),
            by_date: g.variant == 3,
            designed,
        }
        .into()
    }

    fn instruction(v: &Values) -> String {
        let folder = v.folder;
        match v.variant {
            1 => format!(
                "Work reimburses what I order on Amazon for the office. Save the receipt of every Amazon order I had shipped to my work address in April into the folder {folder}/ in my file system (keep Amazon's file names)."
            ),
            2 => format!(
                "For my April expense report: download the receipts of all my April Amazon orders that went to my work address into {folder}/ in my file system, with the default receipt file names."
            ),
            _ => format!(
                "Put the receipts of my Amazon orders from April that were delivered to my work address in {folder}/ in my file system, each named by its order date, like 2023-04-03.txt (there was at most one such order a day)."
            ),
        }
    }

    /// Only the task's own orders: the base world's are dated elsewhere (a year back).
    fn setup(v: &Drawn<Values>) -> Vec<SetupStep> {
        vec![v.step(|v, s| {
            let sup = &v.supervisor;
            let uid = s.user_id("amazon", sup)?;
            backdate_recent_orders(s.db, uid)?;
            let stock = stocked_products(s.db, v.key, v.designed.len() as i64);
            for (k, (at, addr)) in v.designed.iter().enumerate() {
                s.add_amazon_order(
                    sup,
                    addr,
                    None,
                    &[(
                        stock[k],
                        1 + (k as i64 % 2),
                        20.0 + k as f64 * 3.5,
                        0,
                        0,
                        true,
                    )],
                    5.0,
                    0.0,
                    *at,
                )?;
            }
            Ok(())
        })]
    }

    fn solutions(v: &Values, script: &Script) -> (Vec<String>, Vec<Solution>) {
        // `file` the orders of `month`, to any address or the work address only, from every page
        // of orders or the first.
        let act = |month: &str, any_address: &str, first_page: bool| {
            let orders = if first_page {
                "apis.amazon.show_orders(access_token=az)"
            } else {
                "all_pages(apis.amazon.show_orders, access_token=az)"
            };
            let name = if v.by_date {
                "o[\"created_at\"][:10] + \".txt\""
            } else {
                "\"amazon_order_\" + str(o[\"order_id\"]) + \".txt\""
            };
            let vals = Vals::new()
                .lit("month", month)
                .code("any_address", any_address)
                .code("orders", orders)
                .code("name", name)
                .lit("folder", v.folder);
            script.cells(&["logins", "file"], &vals)
        };
        let ground_truth = act("2023-04", "False", false);
        let wrong = vec![
            solution(
                "also files the April orders shipped home",
                act("2023-04", "True", false),
            ),
            solution(
                "reads only the first page of orders",
                act("2023-04", "False", true),
            ),
            solution("files May's work orders", act("2023-05", "False", false)),
        ];
        (ground_truth, wrong)
    }

    fn checks(v: &Drawn<Values>) -> Vec<Check> {
        let wanted: Vec<NaiveDateTime> = v
            .designed
            .iter()
            .filter(|(at, a)| *a == "Work" && at.format("%Y-%m").to_string() == "2023-04")
            .map(|(at, _)| *at)
            .collect();
        let mut checks: Vec<Check> = wanted.iter().map(|at| receipt_filed(v, *at)).collect();
        let n = wanted.len();
        checks.push(Check::new(
            format!("no other file in {}/ ({n} receipts)", v.folder),
            {
                let dir = v.dir.clone();
                move |ctx| {
                    let got = new_files(ctx, &dir);
                    if got.len() == n {
                        Ok(())
                    } else {
                        Err(format!(
                            "{} files: {:?}",
                            got.len(),
                            got.iter().map(|f| &f.0).collect::<Vec<_>>()
                        ))
                    }
                }
            },
        ));
        checks
    }

    fn allowed(_v: &Drawn<Values>) -> Vec<Allow> {
        vec![
            allow_added(
                "files the supervisor saved",
                "file_system",
                "files",
                files::is_mine,
            ),
            allow_added(
                "folders the supervisor made",
                "file_system",
                "directories",
                files::is_mine,
            ),
        ]
    }
}

/// The files the supervisor added under `dir`: (path, content).
fn new_files(ctx: &EvalCtx, dir: &str) -> Vec<(String, String)> {
    files_added(ctx)
        .into_iter()
        .filter_map(|f| {
            let path = f.path?;
            path.starts_with(&format!("{dir}/"))
                .then_some((path, f.content))
        })
        .collect()
}

/// The receipt of the work order placed `at` is in the folder, under the wanted name.
fn receipt_filed(v: &Values, at: NaiveDateTime) -> Check {
    let (dir, by_date) = (v.dir.clone(), v.by_date);
    Check::new(
        format!(
            "the receipt of the work order of {} is in {}/",
            at.format("%Y-%m-%d"),
            v.folder
        ),
        move |ctx| {
            let id = order_at(ctx, at).unwrap_or(-1);
            let name = if by_date {
                format!("{}.txt", at.format("%Y-%m-%d"))
            } else {
                format!("amazon_order_{id}.txt")
            };
            let path = format!("{dir}/{name}");
            match new_files(ctx, &dir).iter().find(|f| f.0 == path) {
                Some((_, c)) if c.contains(&format!("Order ID: #{id}\n")) => Ok(()),
                Some(_) => Err(format!("{path} is not that order's receipt")),
                None => Err(format!("no {path}")),
            }
        },
    )
}
