//! todoist's rows written from more than one place (handlers, the seed, task setups): one type
//! per table with its one INSERT.

use rusqlite::{Connection, params};

/// A project (`todoist.projects`) owned by `user_id`; its collaborators are
/// [`NewCollaborator`]s (the owner among them).
#[derive(Debug, Clone, Copy)]
pub struct NewProject<'a> {
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

impl NewProject<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.projects (user_id, name, color, is_inbox, description, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            self.user_id,
            self.name,
            self.color,
            self.is_inbox,
            self.description,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A collaborator of a project (`todoist.project_collaborator_links`), not archived.
#[derive(Debug, Clone, Copy)]
pub struct NewCollaborator<'a> {
    /// The project.
    pub project_id: i64,
    /// The collaborator.
    pub user_id: i64,
    /// Whether they marked it a favourite.
    pub is_favorite: bool,
    /// When they joined, as stored.
    pub created_at: &'a str,
}

impl NewCollaborator<'_> {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO todoist.project_collaborator_links (project_id, user_id, is_favorite, is_archived, created_at) VALUES (?1, ?2, ?3, 0, ?4)",
        )?
        .execute(params![
            self.project_id,
            self.user_id,
            self.is_favorite,
            self.created_at
        ])?;
        Ok(())
    }
}

/// A label of `user_id`'s (`todoist.labels`).
#[derive(Debug, Clone, Copy)]
pub struct NewLabel<'a> {
    /// Whose.
    pub user_id: i64,
    /// Its name (unique per user).
    pub name: &'a str,
    /// Its colour.
    pub color: &'a str,
}

impl NewLabel<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached("INSERT INTO todoist.labels (user_id, name, color) VALUES (?1, ?2, ?3)")?
            .execute(params![self.user_id, self.name, self.color])?;
        Ok(db.last_insert_rowid())
    }
}

/// A section of a project (`todoist.sections`).
#[derive(Debug, Clone, Copy)]
pub struct NewSection<'a> {
    /// The project.
    pub project_id: i64,
    /// Its name (unique per project).
    pub name: &'a str,
    /// Its position among the project's sections.
    pub order_index: i64,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewSection<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.sections (project_id, name, order_index, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            self.project_id,
            self.name,
            self.order_index,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A task (`todoist.tasks`) created by `user_id` in a project (and section).
#[derive(Debug, Clone, Copy)]
pub struct NewTask<'a> {
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
    /// Who it is assigned to, and by whom.
    pub assignee: Option<(i64, i64)>,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewTask<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        let (assignee, assigner) = self.assignee.unzip();
        db.prepare_cached(
            "INSERT INTO todoist.tasks (project_id, section_id, user_id, title, description, due_date, priority, is_completed, \
             duration, duration_unit, order_index, assignee_id, assigner_id, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?
        .execute(params![
            self.project_id,
            self.section_id,
            self.user_id,
            self.title,
            self.description,
            self.due_date,
            self.priority,
            self.is_completed,
            self.duration,
            self.duration_unit,
            self.order_index,
            assignee,
            assigner,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A label on a task (`todoist.task_label_links`).
#[derive(Debug, Clone, Copy)]
pub struct NewTaskLabel {
    /// The task.
    pub task_id: i64,
    /// The label.
    pub label_id: i64,
}

impl NewTaskLabel {
    /// Inserts the row.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<()> {
        db.prepare_cached(
            "INSERT INTO todoist.task_label_links (task_id, label_id) VALUES (?1, ?2)",
        )?
        .execute(params![self.task_id, self.label_id])?;
        Ok(())
    }
}

/// A comment on a task (`todoist.task_comments`); its files are attachments.
#[derive(Debug, Clone, Copy)]
pub struct NewTaskComment<'a> {
    /// The task.
    pub task_id: i64,
    /// Who wrote it.
    pub user_id: i64,
    /// The text.
    pub content: &'a str,
    /// When, as stored.
    pub created_at: &'a str,
}

impl NewTaskComment<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.task_comments (task_id, user_id, content, created_at) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![
            self.task_id,
            self.user_id,
            self.content,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A sub-task of a task (`todoist.sub_tasks`).
#[derive(Debug, Clone, Copy)]
pub struct NewSubTask<'a> {
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

impl NewSubTask<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.sub_tasks (task_id, title, description, due_date, priority, is_completed, order_index, created_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            self.task_id,
            self.title,
            self.description,
            self.due_date,
            self.priority,
            self.is_completed,
            self.order_index,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// A file attached to a task comment (`todoist.attachments`), never downloaded yet.
#[derive(Debug, Clone, Copy)]
pub struct NewAttachment<'a> {
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

impl NewAttachment<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.attachments (task_comment_id, file_name, file_content, file_compressed_data, created_at, download_count) \
             VALUES (?1, ?2, ?3, ?4, ?5, 0)",
        )?
        .execute(params![
            self.task_comment_id,
            self.file_name,
            self.file_content,
            self.file_compressed_data,
            self.created_at
        ])?;
        Ok(db.last_insert_rowid())
    }
}

/// An invitation to a project not answered yet (`todoist.project_invites`).
#[derive(Debug, Clone, Copy)]
pub struct NewInvite<'a> {
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

impl NewInvite<'_> {
    /// Inserts the row; returns its id.
    pub fn insert(&self, db: &Connection) -> rusqlite::Result<i64> {
        db.prepare_cached(
            "INSERT INTO todoist.project_invites (invitor_id, invitee_id, project_id, created_at, invite_code) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            self.invitor_id,
            self.invitee_id,
            self.project_id,
            self.created_at,
            self.invite_code
        ])?;
        Ok(db.last_insert_rowid())
    }
}
