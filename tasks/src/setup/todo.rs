//! Setup helpers for todoist: projects, sections and tasks a task starts from (rows as the
//! app's seed writes them: order indexes appended to their section, collaborator links).

use super::Setup;
use apps::people::Person;
use apps::todoist::rows::{
    NewCollaborator, NewLabel, NewProject, NewTask, NewTaskComment, NewTaskLabel,
};
use chrono::{NaiveDate, NaiveDateTime};
use rusqlite::{OptionalExtension, params};
use sim::clock::fmt_datetime;
use sim::sql::Cached;

impl Setup<'_> {
    /// The id of `person`'s project named `name` among those they collaborate on (`Inbox`:
    /// their own inbox).
    pub fn todo_project(&self, person: &Person, name: &str) -> rusqlite::Result<i64> {
        let uid = self.user_id("todoist", person)?;
        let sql = if name == "Inbox" {
            "SELECT id FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1 AND ?2 = 'Inbox' ORDER BY id LIMIT 1"
        } else {
            "SELECT p.id FROM todoist.projects p JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
             WHERE l.user_id = ?1 AND p.name = ?2 AND p.is_inbox = 0 ORDER BY p.id LIMIT 1"
        };
        self.db
            .query_row_cached(sql, params![uid, name], |r| r.get(0))
            .optional()?
            .ok_or(rusqlite::Error::QueryReturnedNoRows)
    }

    /// The id of the section `name` of `project`.
    pub fn todo_section(&self, project: i64, name: &str) -> rusqlite::Result<i64> {
        self.db.query_row_cached(
            "SELECT id FROM todoist.sections WHERE project_id = ?1 AND name = ?2",
            params![project, name],
            |r| r.get(0),
        )
    }

    /// A project owned by `owner`, shared with `members` (the owner is added first); returns
    /// its id.
    pub fn add_todo_project(
        &self,
        owner: &Person,
        name: &str,
        description: &str,
        members: &[&Person],
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let at_s = fmt_datetime(at);
        let owner_id = self.user_id("todoist", owner)?;
        let pid = NewProject {
            user_id: owner_id,
            name,
            color: "blue",
            is_inbox: false,
            description,
            created_at: &at_s,
        }
        .insert(self.db)?;
        let mut ids = vec![owner_id];
        for m in members {
            let id = self.user_id("todoist", m)?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        for id in ids {
            NewCollaborator {
                project_id: pid,
                user_id: id,
                is_favorite: false,
                created_at: &at_s,
            }
            .insert(self.db)?;
        }
        Ok(pid)
    }

    /// A task of `project` (in `section`, if any) at the end of its section, created by
    /// `creator` and assigned by them to `assignee`; `priority` is `low`, `medium` or `high`.
    /// Returns its id.
    #[allow(clippy::too_many_arguments)]
    pub fn add_todo_task(
        &self,
        project: i64,
        section: Option<i64>,
        creator: &Person,
        title: &str,
        due: Option<NaiveDate>,
        priority: &str,
        completed: bool,
        assignee: Option<&Person>,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        let order: i64 = self.db.query_row_cached(
            "SELECT count(*) FROM todoist.tasks WHERE project_id = ?1 AND section_id IS ?2",
            params![project, section],
            |r| r.get(0),
        )?;
        let creator = self.user_id("todoist", creator)?;
        let assignee = match assignee {
            Some(p) => Some(self.user_id("todoist", p)?),
            None => None,
        };
        let due = due.map(|d| format!("{}T00:00:00", d.format("%Y-%m-%d")));
        NewTask {
            project_id: project,
            section_id: section,
            user_id: creator,
            title,
            description: "",
            due_date: due.as_deref(),
            priority,
            is_completed: completed,
            duration: None,
            duration_unit: None,
            order_index: order,
            assignee: assignee.map(|a| (a, creator)),
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }

    /// Moves every open task due before `before` in the projects `person` collaborates on to
    /// `to` (so that a task's own overdue or soon-due tasks are the only ones); returns how
    /// many moved.
    pub fn reschedule_open_tasks(
        &self,
        person: &Person,
        before: NaiveDate,
        to: NaiveDate,
    ) -> rusqlite::Result<usize> {
        let uid = self.user_id("todoist", person)?;
        self.db.execute_cached(
            "UPDATE todoist.tasks SET due_date = ?1 WHERE is_completed = 0 AND due_date IS NOT NULL AND substr(due_date, 1, 10) < ?2 \
             AND project_id IN (SELECT project_id FROM todoist.project_collaborator_links WHERE user_id = ?3)",
            params![
                format!("{}T00:00:00", to.format("%Y-%m-%d")),
                before.format("%Y-%m-%d").to_string(),
                uid
            ],
        )
    }

    /// A label of `person`'s named `name`; returns its id.
    pub fn add_todo_label(
        &self,
        person: &Person,
        name: &str,
        color: &str,
    ) -> rusqlite::Result<i64> {
        NewLabel {
            user_id: self.user_id("todoist", person)?,
            name,
            color,
        }
        .insert(self.db)
    }

    /// Puts label `label` on task `task`.
    pub fn label_todo_task(&self, task: i64, label: i64) -> rusqlite::Result<()> {
        NewTaskLabel {
            task_id: task,
            label_id: label,
        }
        .insert(self.db)
    }

    /// A comment by `author` on task `task` at `at`; returns its id.
    pub fn add_todo_comment(
        &self,
        task: i64,
        author: &Person,
        content: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<i64> {
        NewTaskComment {
            task_id: task,
            user_id: self.user_id("todoist", author)?,
            content,
            created_at: &fmt_datetime(at),
        }
        .insert(self.db)
    }

    /// Sets `person`'s favourite and archived flags on `project`.
    pub fn set_todo_project_flags(
        &self,
        person: &Person,
        project: i64,
        favorite: bool,
        archived: bool,
    ) -> rusqlite::Result<()> {
        self.db.execute_cached(
            "UPDATE todoist.project_collaborator_links SET is_favorite = ?1, is_archived = ?2 WHERE project_id = ?3 AND user_id = ?4",
            params![favorite, archived, project, self.user_id("todoist", person)?],
        )?;
        Ok(())
    }
}
