//! Setup helpers for todoist: projects, sections and tasks a task starts from (rows as the
//! app's seed writes them: order indexes appended to their section, collaborator links).

use super::Setup;
use apps::people::Person;
use apps::todoist::rows::{
    NewCollaborator, NewLabel, NewProject, NewTask, NewTaskComment, NewTaskLabel,
    ProjectCollaboratorLinks, Projects, Sections, Tasks,
};
use chrono::{NaiveDate, NaiveDateTime};
use sim::clock::fmt_datetime;

impl Setup<'_> {
    /// The id of `person`'s project named `name` among those they collaborate on (`Inbox`:
    /// their own inbox).
    pub fn todo_project(&self, person: &Person, name: &str) -> rusqlite::Result<i64> {
        let uid = self.user_id("todoist", person)?;
        let id = if name == "Inbox" {
            Projects::inbox_id(self.db, uid)?
        } else {
            Projects::shared_id(self.db, uid, name)?
        };
        id.ok_or(rusqlite::Error::QueryReturnedNoRows)
    }

    /// The id of the section `name` of `project`.
    pub fn todo_section(&self, project: i64, name: &str) -> rusqlite::Result<i64> {
        Sections::id_by_name(self.db, project, name)
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
        let order = Tasks::count_in_section(self.db, project, section)?;
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
            assignee_id: assignee,
            assigner_id: assignee.map(|_| creator),
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
        Tasks::move_overdue(
            self.db,
            self.user_id("todoist", person)?,
            &before.format("%Y-%m-%d").to_string(),
            &format!("{}T00:00:00", to.format("%Y-%m-%d")),
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
        .insert(self.db)?;
        Ok(())
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
        let uid = self.user_id("todoist", person)?;
        ProjectCollaboratorLinks::set_flags(self.db, project, uid, favorite, archived)?;
        Ok(())
    }
}
