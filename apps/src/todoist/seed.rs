//! The todoist app's share of the base world: an account per person with their Inbox of
//! errands and their labels; a shared "Home" project per household (families and roommates,
//! chores assigned among them); a team project per company (owned by the manager, tasks in
//! workflow sections assigned to the employees, sub-tasks, comments, some with attached
//! documents); a packing project for every trip that lies ahead ([`crate::plans::trips`], the
//! same trip as in splitwise); a few pending invitations; and the assignment notifications of
//! the last weeks.

use super::rows::{
    NewAttachment, NewCollaborator, NewInvite, NewLabel, NewProject, NewSection, NewSubTask,
    NewTask, NewTaskComment, NewTaskLabel,
};
use crate::people::Population;
use chrono::{Duration, NaiveDateTime};
use rusqlite::Connection;
use sim::clock::fmt_datetime;
use sim::rng::Rng;

const COLORS: &[&str] = &["charcoal", "red", "blue", "green", "orange", "yellow"];
const PRIORITIES: &[&str] = &["high", "medium", "low"];
const LABELS: &[&str] = &[
    "urgent", "errand", "home", "work", "waiting", "someday", "phone",
];

const ERRANDS: &[&str] = &[
    "Renew driver's license",
    "Call the dentist to reschedule",
    "Return library books",
    "Buy a birthday card for Mom",
    "Pick up dry cleaning",
    "Schedule car service",
    "Cancel the gym trial",
    "Order new running shoes",
    "Pay the parking ticket",
    "Back up phone photos",
    "Update resume",
    "Book a haircut",
];
const CHORES: &[(&str, &str)] = &[
    ("Chores", "Take out recycling"),
    ("Chores", "Clean the bathroom"),
    ("Chores", "Vacuum the living room"),
    ("Chores", "Water the plants"),
    ("Repairs", "Fix the leaking kitchen faucet"),
    ("Repairs", "Replace the hallway light bulb"),
    ("Repairs", "Call the landlord about the heater"),
    ("Shopping", "Buy dish soap"),
    ("Shopping", "Get a new shower curtain"),
    ("Shopping", "Restock coffee and milk"),
];
const WORK: &[&str] = &[
    "Draft the Q3 roadmap",
    "Review the onboarding guide",
    "Prepare the client demo",
    "Fix the login timeout bug",
    "Update the budget spreadsheet",
    "Write the release notes",
    "Interview candidates for the analyst role",
    "Clean up the shared drive",
    "Plan the team offsite",
    "Migrate the reports to the new dashboard",
    "Send the monthly status update",
    "Renew the software licenses",
];
const WORK_SECTIONS: &[&str] = &["Backlog", "In Progress", "Review", "Done"];
const STEPS: &[&str] = &[
    "Collect inputs",
    "Write a first draft",
    "Get feedback",
    "Finalize",
];
const COMMENTS: &[&str] = &[
    "I can take this one.",
    "Blocked until we hear back from finance.",
    "Draft is ready for a look.",
    "Moving the deadline to next week.",
    "Done, please double-check.",
];

/// Writes todoist's rows for `pop` (todoist user id = person id; notifiers follow).
pub fn install(s: &crate::app::Seeding) -> rusqlite::Result<()> {
    let (db, pop, seed) = (s.db, s.people, s.seed);
    crate::common::seeding::insert_accounts(s, "todoist", "2021-01-15T09:00:00", true)?;
    let now = sim::clock::default_now();
    let mut w = Writer { db, pop, now };
    for p in &pop.people {
        let mut rng = Rng::derive(seed ^ p.id as u64, "todoist");
        let labels = w.labels(p.id, &mut rng)?;
        let inbox = w.project(
            p.id,
            "Inbox",
            true,
            "charcoal",
            "",
            &[p.id],
            now - Duration::days(600),
        )?;
        for (k, title) in pick(&mut rng, ERRANDS, 3, 8).into_iter().enumerate() {
            let due = (rng.chance(0.7)).then(|| midnight(now + Duration::days(rng.range(-20, 30))));
            let task = w.task(&Task {
                project: inbox,
                section: None,
                creator: p.id,
                title,
                description: "",
                due,
                priority: PRIORITIES[rng.range(0, 3) as usize],
                done: due.is_some_and(|d| d < now) && rng.chance(0.6),
                order: k as i64,
                assignee: None,
                at: crate::common::seeding::past_time(&mut rng, now, 60),
            })?;
            if rng.chance(0.4) {
                w.label(task, labels[rng.range(0, labels.len() as i64) as usize])?;
            }
        }
    }
    for r in &pop.residences {
        if r.residents.len() < 2 {
            continue;
        }
        let mut rng = Rng::derive(seed ^ r.id as u64, "todoist-home");
        household(&mut w, &r.residents, &mut rng)?;
    }
    for c in &pop.companies {
        let mut rng = Rng::derive(seed ^ c.id as u64, "todoist-team");
        team(&mut w, c, &mut rng)?;
    }
    for (k, t) in crate::plans::trips(pop, seed).iter().enumerate() {
        if !t.is_upcoming(now) {
            continue;
        }
        let mut rng = Rng::derive(seed ^ k as u64, "todoist-trip");
        let name = format!("Trip to {}", t.city);
        let created = now - Duration::days(rng.range(3, 30));
        let pid = w.project(
            t.organizer,
            &name,
            false,
            "blue",
            &format!(
                "{} nights at {}, from {}",
                t.nights,
                t.lodging,
                t.start.format("%B %d")
            ),
            &t.members,
            created,
        )?;
        let before =
            |days: i64| Some(t.start.and_hms_opt(0, 0, 0).unwrap_or(now) - Duration::days(days));
        let items = [
            ("Book flights", before(30)),
            (
                &*format!("Confirm the booking at {}", t.lodging),
                before(14),
            ),
            ("Buy travel insurance", before(10)),
            ("Pack passports and chargers", before(1)),
            ("Share the itinerary with everyone", before(3)),
        ];
        for (k, (title, due)) in items.into_iter().enumerate() {
            let assignee = t.members[k % t.members.len()];
            w.task(&Task {
                project: pid,
                section: None,
                creator: t.organizer,
                title,
                description: "",
                due,
                priority: if k == 0 { "high" } else { "medium" },
                done: due.is_some_and(|d| d < now),
                order: k as i64,
                assignee: Some((assignee, t.organizer)),
                at: created,
            })?;
        }
    }
    Ok(())
}

/// The start of `t`'s day (due dates are whole days).
fn midnight(t: NaiveDateTime) -> NaiveDateTime {
    t.date().and_hms_opt(0, 0, 0).unwrap_or(t)
}

/// Up to `hi` (at least `lo`) distinct items of `from`, in a random order.
fn pick<'a>(rng: &mut Rng, from: &[&'a str], lo: i64, hi: i64) -> Vec<&'a str> {
    let mut all = from.to_vec();
    rng.shuffle(&mut all);
    all.truncate(rng.range(lo, hi + 1) as usize);
    all
}

struct Writer<'a> {
    db: &'a Connection,
    pop: &'a Population,
    now: NaiveDateTime,
}

struct Task<'a> {
    project: i64,
    section: Option<i64>,
    creator: i64,
    title: &'a str,
    description: &'a str,
    due: Option<NaiveDateTime>,
    priority: &'a str,
    done: bool,
    order: i64,
    /// Assignee and who assigned it.
    assignee: Option<(i64, i64)>,
    at: NaiveDateTime,
}

impl Writer<'_> {
    fn labels(&self, user: i64, rng: &mut Rng) -> rusqlite::Result<Vec<i64>> {
        let mut ids = Vec::new();
        for name in pick(rng, LABELS, 2, 5) {
            ids.push(
                NewLabel {
                    user_id: user,
                    name,
                    color: rng.pick::<&str>(COLORS),
                }
                .insert(self.db)?,
            );
        }
        Ok(ids)
    }

    /// A project owned by `owner` with `members` (owner included) as collaborators.
    #[allow(clippy::too_many_arguments)]
    fn project(
        &self,
        owner: i64,
        name: &str,
        inbox: bool,
        color: &str,
        description: &str,
        members: &[i64],
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at = fmt_datetime(at);
        let id = NewProject {
            user_id: owner,
            name,
            color,
            is_inbox: inbox,
            description,
            created_at: &at,
        }
        .insert(self.db)?;
        for m in members {
            NewCollaborator {
                project_id: id,
                user_id: *m,
                is_favorite: *m == owner && !inbox && owner % 3 == 0,
                created_at: &at,
            }
            .insert(self.db)?;
        }
        Ok(id)
    }

    fn section(
        &self,
        project: i64,
        name: &str,
        order: i64,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        NewSection {
            project_id: project,
            name,
            order_index: order,
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }

    fn task(&self, t: &Task) -> rusqlite::Result<i64> {
        let due = t.due.map(fmt_datetime);
        let (assignee_id, assigner_id) = t.assignee.unzip();
        let id = NewTask {
            project_id: t.project,
            section_id: t.section,
            user_id: t.creator,
            title: t.title,
            description: t.description,
            due_date: due.as_deref(),
            priority: t.priority,
            is_completed: t.done,
            duration: None,
            duration_unit: None,
            order_index: t.order,
            assignee_id,
            assigner_id,
            created_at: &fmt_datetime(t.at),
        }
        .insert(self.db)?;
        if let Some((a, by)) = t.assignee.filter(|(a, by)| a != by)
            && t.at >= self.now - Duration::days(30)
        {
            let project: String = self
                .db
                .prepare_cached("SELECT name FROM todoist.projects WHERE id = ?1")?
                .query_row([t.project], |r| r.get(0))?;
            let name = self
                .pop
                .person(by)
                .map(|p| format!("{} {}", p.first_name, p.last_name))
                .unwrap_or_default();
            crate::common::notifications::NewNotification {
                app: "todoist",
                user_id: a,
                kind: "task_assigned",
                title: "You are assigned a task.",
                message: &format!("{name} has assigned you a task in the '{project}' project."),
                read: t.at < self.now - Duration::days(7),
                data: &format!(
                    "{{\"project_id\": {}, \"task_id\": {id}, \"action_by_id\": {by}}}",
                    t.project
                ),
                created_at: &fmt_datetime(t.at),
            }
            .insert(self.db)?;
        }
        Ok(id)
    }

    fn label(&self, task: i64, label: i64) -> rusqlite::Result<()> {
        NewTaskLabel {
            task_id: task,
            label_id: label,
        }
        .insert(self.db)?;
        Ok(())
    }
}

fn household(w: &mut Writer, residents: &[i64], rng: &mut Rng) -> rusqlite::Result<()> {
    let owner = residents[0];
    let at = w.now - Duration::days(rng.range(100, 400));
    let pid = w.project(
        owner,
        "Home",
        false,
        "green",
        "Chores, repairs and shopping for the house",
        residents,
        at,
    )?;
    let mut sections = std::collections::BTreeMap::new();
    for (k, name) in ["Chores", "Repairs", "Shopping"].into_iter().enumerate() {
        sections.insert(name, w.section(pid, name, k as i64, at)?);
    }
    let mut order = std::collections::BTreeMap::<&str, i64>::new();
    for &(section, title) in CHORES {
        if !rng.chance(0.6) {
            continue;
        }
        let k = order.entry(section).or_default();
        let assignee = *rng.pick(residents);
        let due = rng
            .chance(0.8)
            .then(|| midnight(w.now + Duration::days(rng.range(-10, 21))));
        w.task(&Task {
            project: pid,
            section: sections.get(section).copied(),
            creator: owner,
            title,
            description: "",
            due,
            priority: PRIORITIES[rng.range(0, 3) as usize],
            done: due.is_some_and(|d| d < w.now) && rng.chance(0.7),
            order: *k,
            assignee: Some((assignee, owner)),
            at: crate::common::seeding::past_time(rng, w.now, 40),
        })?;
        *k += 1;
    }
    Ok(())
}

fn team(w: &mut Writer, c: &crate::people::Company, rng: &mut Rng) -> rusqlite::Result<()> {
    let at = w.now - Duration::days(rng.range(150, 500));
    let name = format!("{} Team", c.name);
    let mut members = vec![c.manager];
    members.extend(c.employees.iter().filter(|e| **e != c.manager));
    let pid = w.project(
        c.manager,
        &name,
        false,
        "orange",
        "What the team is working on",
        &members,
        at,
    )?;
    let mut sections = Vec::new();
    for (k, s) in WORK_SECTIONS.iter().enumerate() {
        sections.push(w.section(pid, s, k as i64, at)?);
    }
    let mut orders = vec![0i64; sections.len()];
    for title in pick(rng, WORK, 6, 12) {
        let s = rng.range(0, sections.len() as i64) as usize;
        let assignee = *rng.pick(&members);
        let done = s == sections.len() - 1;
        let created = crate::common::seeding::past_time(rng, w.now, 60);
        let due = Some(
            (if done {
                created + Duration::days(rng.range(3, 20))
            } else {
                w.now + Duration::days(rng.range(-5, 40))
            })
            .date()
            .and_hms_opt(0, 0, 0)
            .unwrap_or(w.now),
        );
        let task = w.task(&Task {
            project: pid,
            section: Some(sections[s]),
            creator: c.manager,
            title,
            description: "Details in the team drive.",
            due,
            priority: PRIORITIES[rng.range(0, 3) as usize],
            done,
            order: orders[s],
            assignee: Some((assignee, c.manager)),
            at: created,
        })?;
        orders[s] += 1;
        if rng.chance(0.4) {
            for (k, step) in STEPS.iter().enumerate() {
                NewSubTask {
                    task_id: task,
                    title: step,
                    description: "",
                    due_date: None,
                    priority: "medium",
                    is_completed: done || k == 0,
                    order_index: k as i64,
                    created_at: &fmt_datetime(created),
                }
                .insert(w.db)?;
            }
        }
        if rng.chance(0.5) {
            let who = *rng.pick(&members);
            let when = (created + Duration::hours(rng.range(2, 72))).min(w.now);
            let comment = NewTaskComment {
                task_id: task,
                user_id: who,
                content: rng.pick::<&str>(COMMENTS),
                created_at: &fmt_datetime(when),
            }
            .insert(w.db)?;
            if rng.chance(0.3) {
                let file = format!("{}.txt", title.to_lowercase().replace(' ', "_"));
                NewAttachment {
                    task_comment_id: comment,
                    file_name: &file,
                    file_content: &format!("{title}\n\nNotes for {}.", c.name),
                    file_compressed_data: "[]",
                    created_at: &fmt_datetime(when),
                }
                .insert(w.db)?;
            }
        }
    }
    // The manager invited someone outside the team who has not answered yet.
    if let Some(guest) = w
        .pop
        .people
        .iter()
        .map(|p| p.id)
        .find(|id| !members.contains(id) && (id + c.id) % 7 == 0)
    {
        NewInvite {
            invitor_id: c.manager,
            invitee_id: guest,
            project_id: pid,
            created_at: &fmt_datetime(w.now - Duration::days(4)),
            invite_code: &format!("{:07x}", rng.range(0, 0x1000_0000)),
        }
        .insert(w.db)?;
    }
    Ok(())
}
