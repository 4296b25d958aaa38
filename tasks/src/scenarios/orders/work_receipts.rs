//! "Save the receipt of each Amazon order I had shipped to my work address in April into
//! ~/documents/expenses/2023_04/." Orders to the home address and from other months are
//! distractors; several newer orders push April's off the first page. Variant 2 names the
//! folder differently; variant 3 also wants them named by order date.

use crate::diff::ChangeKind;
use crate::eval::EvalCtx;
use crate::kit::amazon::{order_at, stocked_products};
use crate::kit::changes::{added, allow_added};
use crate::kit::python::solution;
use crate::kit::{Script, Vals};
use crate::model::{Allow, Check};
use crate::scenarios::{Gen, Parts, step};
use chrono::NaiveDateTime;

pub(super) fn build(g: &mut Gen) -> Parts {
    let p = g.supervisor_where(|p| p.addresses.iter().any(|a| a.name == "Work"));
    let now = g.now;
    let folder = match g.variant {
        1 => "~/documents/expenses/2023_04",
        2 => "~/documents/work/reimbursements/april_2023",
        _ => "~/documents/expenses/amazon_april",
    };
    let by_date = g.variant == 3;
    let instruction = match g.variant {
        1 => format!(
            "Work reimburses what I order on Amazon for the office. Save the receipt of every Amazon order I had shipped to my work address in April into the folder {folder}/ in my file system (keep Amazon's file names)."
        ),
        2 => format!(
            "For my April expense report: download the receipts of all my April Amazon orders that went to my work address into {folder}/ in my file system, with the default receipt file names."
        ),
        _ => format!(
            "Put the receipts of my Amazon orders from April that were delivered to my work address in {folder}/ in my file system, each named by its order date, like 2023-04-03.txt (there was at most one such order a day)."
        ),
    };
    let mut parts = Parts::new(&p, instruction);
    parts.apps = vec!["supervisor", "amazon", "file_system"];
    let sup = p.clone();
    let key = p.id * 71 + i64::from(g.variant) * 13;
    let d = move |m: u32, day: u32, h: u32| {
        chrono::NaiveDate::from_ymd_opt(2023, m, day)
            .and_then(|x| x.and_hms_opt(h, 40, 0))
            .unwrap_or(now)
    };
    // (when, address) of the designed orders.
    let designed: Vec<(NaiveDateTime, &str)> = vec![
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
    let designed_c = designed.clone();
    parts.setup.push(step(move |s| {
        // Only the task's own orders: the base world's are dated elsewhere (a year back).
        let uid = s.user_id("amazon", &sup)?;
        s.execute(
            "UPDATE amazon.orders SET created_at = '2022-' || substr(created_at, 6) WHERE user_id = ?1 AND created_at >= '2023-03-01'",
            [uid],
        )?;
        let stock = stocked_products(s.db, key, designed_c.len() as i64);
        for (k, (at, addr)) in designed_c.iter().enumerate() {
            s.add_amazon_order(&sup, addr, None, &[(stock[k], 1 + (k as i64 % 2), 20.0 + k as f64 * 3.5, 0, 0, true)], 5.0, 0.0, *at)?;
        }
        Ok(())
    }));
    let script = Script::parse(include_str!("work_receipts.py"));
    // `file` the orders of `month`, to any address or the work address only, from every page
    // of orders or the first.
    let act = |month: &str, any_address: &str, first_page: bool| {
        let orders = if first_page {
            "apis.amazon.show_orders(access_token=az)"
        } else {
            "all_pages(apis.amazon.show_orders, access_token=az)"
        };
        let name = if by_date {
            "o[\"created_at\"][:10] + \".txt\""
        } else {
            "\"amazon_order_\" + str(o[\"order_id\"]) + \".txt\""
        };
        let vals = Vals::new()
            .lit("month", month)
            .code("any_address", any_address)
            .code("orders", orders)
            .code("name", name)
            .lit("folder", folder);
        script.cells(&["logins", "file"], &vals)
    };
    parts.ground_truth = act("2023-04", "False", false);
    parts.wrong = vec![
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
    let home_dir = format!("/home/{}", p.first_name.to_lowercase());
    let dir = folder.replacen('~', &home_dir, 1);
    let wanted: Vec<NaiveDateTime> = designed
        .iter()
        .filter(|(at, a)| *a == "Work" && at.format("%Y-%m").to_string() == "2023-04")
        .map(|(at, _)| *at)
        .collect();
    let new_files = {
        let dir = dir.clone();
        move |ctx: &EvalCtx| -> Vec<(String, String)> {
            let me = ctx.user_id("file_system");
            added(ctx, "file_system", "files")
                .into_iter()
                .filter(|r| r.get("user_id").as_i64() == me)
                .filter_map(|r| {
                    let path = r.get("path").as_str()?;
                    path.starts_with(&format!("{dir}/")).then(|| {
                        (
                            path.to_string(),
                            r.get("content").as_str().unwrap_or("").to_string(),
                        )
                    })
                })
                .collect()
        }
    };
    for at in &wanted {
        let at = *at;
        let dir = dir.clone();
        let new_files = new_files.clone();
        parts.checks.push(Check::new(
            format!(
                "the receipt of the work order of {} is in {folder}/",
                at.format("%Y-%m-%d")
            ),
            move |ctx| {
                let id = order_at(ctx, at).unwrap_or(-1);
                let name = if by_date {
                    format!("{}.txt", at.format("%Y-%m-%d"))
                } else {
                    format!("amazon_order_{id}.txt")
                };
                let path = format!("{dir}/{name}");
                match new_files(ctx).iter().find(|f| f.0 == path) {
                    Some((_, c)) if c.contains(&format!("Order ID: #{id}\n")) => Ok(()),
                    Some(_) => Err(format!("{path} is not that order's receipt")),
                    None => Err(format!("no {path}")),
                }
            },
        ));
    }
    let n = wanted.len();
    parts.checks.push(Check::new(
        format!("no other file in {folder}/ ({n} receipts)"),
        move |ctx| {
            let got = new_files(ctx);
            if got.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{} files: {:?}",
                    got.len(),
                    got.iter().map(|f| &f.0).collect::<Vec<_>>()
                ))
            }
        },
    ));
    parts.allowed = vec![
        allow_added(
            "files the supervisor saved",
            "file_system",
            "files",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("file_system"),
        ),
        allow_added(
            "folders the supervisor made",
            "file_system",
            "directories",
            |ctx, r| r.get("user_id").as_i64() == ctx.user_id("file_system"),
        ),
        Allow::new("the orders' receipt download counters", |_, r| {
            r.is("amazon", "orders")
                && r.kind() == ChangeKind::Updated
                && r.changed_columns()
                    .iter()
                    .all(|c| c == "receipt_download_count")
        }),
    ];
    parts
}
