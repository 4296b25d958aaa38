//! todoist's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT, and the reads and updates task setups make on projects,
//! sections, tasks and collaborator links.

use rusqlite::{Connection, OptionalExtension, params};

use crate::common::rows::table_row;

table_row! {
    /// A project (`todoist.projects`) owned by `user_id`; its collaborators are
    /// [`NewCollaborator`]s (the owner among them).
    #[derive(Debug, Clone, Copy)]
    pub struct NewProject<'a> in "todoist.projects" {
        /// The owner.
        pub user_id: i64,
        /// Its name (unique per owner).
        pub name: &'a str,
        /// Its colour.
        pub color: &'a str,
        /// Whether it is the owner's Inbox.
        pub is_inbox: bool,
        /// Its description.
        pub description: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A collaborator of a project (`todoist.project_collaborator_links`), not archived.
    #[derive(Debug, Clone, Copy)]
    pub struct NewCollaborator<'a> in "todoist.project_collaborator_links" {
        /// The project.
        pub project_id: i64,
        /// The collaborator.
        pub user_id: i64,
        /// Whether they marked it a favourite.
        pub is_favorite: bool,
        /// When they joined, as stored.
        pub created_at: &'a str,
    }
    fixed { is_archived: "0" }
}

table_row! {
    /// A label of `user_id`'s (`todoist.labels`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewLabel<'a> in "todoist.labels" {
        /// Whose.
        pub user_id: i64,
        /// Its name (unique per user).
        pub name: &'a str,
        /// Its colour.
        pub color: &'a str,
    }
}

table_row! {
    /// A section of a project (`todoist.sections`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewSection<'a> in "todoist.sections" {
        /// The project.
        pub project_id: i64,
        /// Its name (unique per project).
        pub name: &'a str,
        /// Its position among the project's sections.
        pub order_index: i64,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A task (`todoist.tasks`) created by `user_id` in a project (and section).
    #[derive(Debug, Clone, Copy)]
    pub struct NewTask<'a> in "todoist.tasks" {
        /// The project.
        pub project_id: i64,
        /// The section, if any.
        pub section_id: Option<i64>,
        /// Who created it.
        pub user_id: i64,
        /// Its title.
        pub title: &'a str,
        /// Its description.
        pub description: &'a str,
        /// When it is due, as stored.
        pub due_date: Option<&'a str>,
        /// `low`, `medium` or `high`.
        pub priority: &'a str,
        /// Whether it is done.
        pub is_completed: bool,
        /// How long it takes, in `duration_unit`s.
        pub duration: Option<f64>,
        /// `minute` or `day`.
        pub duration_unit: Option<&'a str>,
        /// Its position among its section's tasks.
        pub order_index: i64,
        /// Who it is assigned to, if anyone.
        pub assignee_id: Option<i64>,
        /// Who assigned it (set with `assignee_id`).
        pub assigner_id: Option<i64>,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A label on a task (`todoist.task_label_links`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewTaskLabel in "todoist.task_label_links" {
        /// The task.
        pub task_id: i64,
        /// The label.
        pub label_id: i64,
    }
}

table_row! {
    /// A comment on a task (`todoist.task_comments`); its files are attachments.
    #[derive(Debug, Clone, Copy)]
    pub struct NewTaskComment<'a> in "todoist.task_comments" {
        /// The task.
        pub task_id: i64,
        /// Who wrote it.
        pub user_id: i64,
        /// The text.
        pub content: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A sub-task of a task (`todoist.sub_tasks`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewSubTask<'a> in "todoist.sub_tasks" {
        /// Its task.
        pub task_id: i64,
        /// Title.
        pub title: &'a str,
        /// Description.
        pub description: &'a str,
        /// Due date, as stored, if any.
        pub due_date: Option<&'a str>,
        /// `low`, `medium` or `high`.
        pub priority: &'a str,
        /// Done?
        pub is_completed: bool,
        /// Its place among its task's sub-tasks.
        pub order_index: i64,
        /// When, as stored.
        pub created_at: &'a str,
    }
}

table_row! {
    /// A file attached to a task comment (`todoist.attachments`), never downloaded yet.
    #[derive(Debug, Clone, Copy)]
    pub struct NewAttachment<'a> in "todoist.attachments" {
        /// Its comment.
        pub task_comment_id: i64,
        /// File name.
        pub file_name: &'a str,
        /// Text content.
        pub file_content: &'a str,
        /// Compressed data, as stored (`[]` for none).
        pub file_compressed_data: &'a str,
        /// When, as stored.
        pub created_at: &'a str,
    }
    fixed { download_count: "0" }
}

table_row! {
    /// An invitation to a project not answered yet (`todoist.project_invites`).
    #[derive(Debug, Clone, Copy)]
    pub struct NewInvite<'a> in "todoist.project_invites" {
        /// Who invites.
        pub invitor_id: i64,
        /// Who is invited.
        pub invitee_id: i64,
        /// To which project.
        pub project_id: i64,
        /// When, as stored.
        pub created_at: &'a str,
        /// The code that accepts it.
        pub invite_code: &'a str,
    }
}

/// Reads of `todoist.projects` outside the handlers.
pub struct Projects;

impl Projects {
    /// The id of `user_id`'s Inbox (their first, if several), if they have one.
    pub fn inbox_id(db: &Connection, user_id: i64) -> rusqlite::Result<Option<i64>> {
        db.prepare_cached(
            "SELECT id FROM todoist.projects WHERE user_id = ?1 AND is_inbox = 1 ORDER BY id LIMIT 1",
        )?
        .query_row([user_id], |r| r.get(0))
        .optional()
    }

    /// The id of the first project named `name`, not an Inbox, that `user_id` collaborates on
    /// (owner or member), if any.
    pub fn shared_id(db: &Connection, user_id: i64, name: &str) -> rusqlite::Result<Option<i64>> {
        db.prepare_cached(
            "SELECT p.id FROM todoist.projects p JOIN todoist.project_collaborator_links l ON l.project_id = p.id \
             WHERE l.user_id = ?1 AND p.name = ?2 AND p.is_inbox = 0 ORDER BY p.id LIMIT 1",
        )?
        .query_row(params![user_id, name], |r| r.get(0))
        .optional()
    }
}

/// Reads of `todoist.sections` outside the handlers.
pub struct Sections;

impl Sections {
    /// The id of `project_id`'s section named `name` (`QueryReturnedNoRows` if none).
    pub fn id_by_name(db: &Connection, project_id: i64, name: &str) -> rusqlite::Result<i64> {
        db.prepare_cached("SELECT id FROM todoist.sections WHERE project_id = ?1 AND name = ?2")?
            .query_row(params![project_id, name], |r| r.get(0))
    }
}

/// Reads and updates of `todoist.tasks` outside the handlers.
pub struct Tasks;

impl Tasks {
    /// How many tasks `project_id` has in `section_id` (`None`: outside any section): the
    /// `order_index` of a task appended there.
    pub fn count_in_section(
        db: &Connection,
        project_id: i64,
        section_id: Option<i64>,
    ) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "SELECT count(*) FROM todoist.tasks WHERE project_id = ?1 AND section_id IS ?2",
        )?
        .query_row(params![project_id, section_id], |r| r.get(0))
    }

    /// Marks every task of `project_id` assigned to `assignee_id` completed; how many changed.
    pub fn complete_assigned(
        db: &Connection,
        project_id: i64,
        assignee_id: i64,
    ) -> rusqlite::Result<usize> {
        db.prepare_cached(
            "UPDATE todoist.tasks SET is_completed = 1 WHERE project_id = ?1 AND assignee_id = ?2",
        )?
        .execute(params![project_id, assignee_id])
    }

    /// Sets the due date of every open task due before the day `before` (`YYYY-MM-DD`) in the
    /// projects `user_id` collaborates on to `due_date` (as stored); how many changed.
    pub fn move_overdue(
        db: &Connection,
        user_id: i64,
        before: &str,
        due_date: &str,
    ) -> rusqlite::Result<usize> {
        db.prepare_cached(
            "UPDATE todoist.tasks SET due_date = ?1 WHERE is_completed = 0 AND due_date IS NOT NULL AND substr(due_date, 1, 10) < ?2 \
             AND project_id IN (SELECT project_id FROM todoist.project_collaborator_links WHERE user_id = ?3)",
        )?
        .execute(params![due_date, before, user_id])
    }
}

/// Updates of `todoist.project_collaborator_links` outside the handlers.
pub struct ProjectCollaboratorLinks;

impl ProjectCollaboratorLinks {
    /// Sets `user_id`'s favourite and archived flags on `project_id`; the links changed (0 or
    /// 1).
    pub fn set_flags(
        db: &Connection,
        project_id: i64,
        user_id: i64,
        is_favorite: bool,
        is_archived: bool,
    ) -> rusqlite::Result<usize> {
        db.prepare_cached(
            "UPDATE todoist.project_collaborator_links SET is_favorite = ?1, is_archived = ?2 WHERE project_id = ?3 AND user_id = ?4",
        )?
        .execute(params![is_favorite, is_archived, project_id, user_id])
    }
}
