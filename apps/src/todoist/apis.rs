//! The registrations of the todoist app's own APIs, in docs order (the account APIs come from
//! `common::accounts`). Handlers: `projects.rs`, `collaboration.rs`, `sections.rs`,
//! `tasks.rs`, `sub_tasks.rs`, `labels.rs`, `comments.rs`; the notification APIs come from
//! `common::notifications`.

use super::APP;
use super::{collaboration, comments, labels, projects, sections, sub_tasks, tasks};
use serde_json::{Value, json};
use sim::api::params::SortFields;
use sim::api::{Api, ApiSpec, P};

/// Colours of projects and labels.
const COLORS: &[&str] = &["charcoal", "red", "blue", "green", "orange", "yellow"];
const PRIORITIES: &[&str] = &["high", "medium", "low"];
const DURATION_UNITS: &[&str] = &["minutes", "hours", "days"];
const DATE_FORMAT: &str = "date (YYYY-MM-DD)";

fn project_id() -> P {
    P::int("project_id").doc("The project's id; 0 is your Inbox.")
}

fn section_id() -> P {
    P::int("section_id").doc("The section's id.")
}

fn task_id() -> P {
    P::int("task_id").doc("The task's id.")
}

fn sub_task_id() -> P {
    P::int("sub_task_id").doc("The sub-task's id.")
}

fn label_id() -> P {
    P::int("label_id").doc("The label's id.")
}

fn comment_id() -> P {
    P::int("task_comment_id").doc("The comment's id.")
}

fn message() -> Value {
    json!({"message": "string"})
}

fn person() -> Value {
    json!({"name": "string", "email": "user@example.com"})
}

fn project_example() -> Value {
    json!({"name": "string", "color": "charcoal", "is_inbox": true, "description": "string", "is_favorite": true, "is_archived": true,
           "created_at": "2019-01-01T00:00:00", "project_id": 1, "creator": person(), "num_tasks": 1,
           "sections": [{"id": 1, "name": "string", "num_tasks": 1}], "collaborators": [person()],
           "pending_invites": [{"invite_code": "string", "invitee": person(), "inviter": person()}], "is_shared": true})
}

fn label_example() -> Value {
    json!({"name": "string", "color": "charcoal", "label_id": 1, "creator": person()})
}

fn labels_example() -> Value {
    json!([{"id": 1, "color": "string", "name": "string"}])
}

fn task_list_example() -> Value {
    json!({"order_index": 1, "task_id": 1, "title": "string", "description": "string", "num_sub_tasks": 1, "is_completed": true,
           "due_date": "2019-01-01T00:00:00", "priority": "high", "duration": 0.0, "duration_unit": "minutes", "assignee_id": 1,
           "labels": labels_example()})
}

fn comment_example() -> Value {
    json!({"task_id": 1, "content": "string", "created_at": "2019-01-01T00:00:00", "task_comment_id": 1, "user": person(),
           "attachment_file_names": ["string"]})
}

/// `page_index` and a `page_limit` without AppWorld's usual upper bound of 20.
fn big_paged(api: Api) -> Api {
    api.param(
        P::int("page_index")
            .default(json!(0))
            .ge(0.0)
            .doc("The index of the page to return, starting at 0."),
    )
    .param(
        P::int("page_limit")
            .default(json!(5))
            .ge(1.0)
            .le(9223372036854775807.0)
            .doc("The maximum number of results per page."),
    )
}

/// A `sort_by` parameter with a default.
fn sort_param(fields: &[&'static str], default: Value) -> P {
    let mut p = P::str("sort_by")
        .doc("Field to order results by, prefixed with + (ascending) or - (descending).");
    p = if default.is_null() {
        p.nullable()
    } else {
        p.default(default)
    };
    p.0.sort_fields = Some(SortFields {
        documented: fields.to_vec(),
        accepted: fields.to_vec(),
    });
    p
}

/// The todoist APIs after the account APIs, in docs order.
pub(super) fn all() -> Vec<ApiSpec> {
    let mut all: Vec<ApiSpec> = [
        project_apis(),
        section_apis(),
        collaborator_apis(),
        task_apis(),
        sub_task_apis(),
        label_apis(),
        comment_apis(),
    ]
    .into_iter()
    .flatten()
    .collect();
    all.extend(crate::common::notifications::notification_apis(
        APP,
        "collaborator_added",
    ));
    all
}

/// The project APIs (and the public user search), in docs order.
fn project_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "search_users", "/todoist/users")
            .doc("Search todoist's users by name or e-mail address (public); without a query, all users in account order.")
            .param(P::str("query").default(json!("")).doc("Text to search for in names and addresses; empty lists all users."))
            .paged()
            .returns(json!([{"first_name": "string", "last_name": "string", "email": "user@example.com", "registered_at": "2019-01-01T00:00:00"}]))
            .handler(crate::common::accounts::search_users),
        big_paged(
            Api::get(APP, "show_projects", "/todoist/projects")
                .doc("List the projects you collaborate on (newest first), filtered by colour and your favourite and archived flags, or ranked by a search over names, descriptions and collaborators.")
                .auth()
                .param(P::str("query").default(json!("")).doc("Text to search for; empty lists all."))
                .param(P::str("color").nullable().one_of(COLORS).doc("Only projects of this colour."))
                .param(P::bool("is_favorite").nullable().doc("Only projects you marked (true) or did not mark (false) as favourite."))
                .param(P::bool("is_archived").nullable().doc("Only projects you archived (true) or did not archive (false).")),
        )
        .param(sort_param(&["created_at"], Value::Null))
        .returns(json!([project_example()]))
        .handler(projects::show_projects),
        Api::post(APP, "create_project", "/todoist/projects")
            .doc("Create a project; you are its owner and first collaborator.")
            .param(P::str("name").min_len(1).doc("The project's name, unique among your projects."))
            .auth()
            .param(P::str("color").default(json!("charcoal")).one_of(COLORS).doc("The project's colour."))
            .param(P::str("description").default(json!("")).doc("A description."))
            .param(P::bool("is_favorite").default(json!(false)).doc("Mark it as one of your favourites."))
            .returns(json!({"message": "string", "project_id": 1}))
            .handler(projects::create_project),
        Api::get(APP, "show_project", "/todoist/projects/{project_id}")
            .doc("Show a project you collaborate on, with its sections, collaborators and pending invites; project 0 is your Inbox.")
            .param(project_id())
            .auth()
            .writes()
            .returns(project_example())
            .handler(projects::show_project),
        Api::delete(APP, "delete_project", "/todoist/projects/{project_id}")
            .doc("Delete a project you collaborate on, with its sections, tasks and sub-tasks (not your Inbox).")
            .param(project_id())
            .auth()
            .returns(message())
            .handler(projects::delete_project),
        Api::patch(APP, "update_project", "/todoist/projects/{project_id}")
            .doc("Change a project's name, colour or description, or your favourite and archived flags on it (the Inbox keeps its name).")
            .param(project_id())
            .auth()
            .param(P::str("name").nullable().min_len(1).doc("New name; leave out to keep it."))
            .param(P::str("color").nullable().one_of(COLORS).doc("New colour; leave out to keep it."))
            .param(P::str("description").nullable().doc("New description; leave out to keep it."))
            .param(P::bool("is_favorite").nullable().doc("Your favourite flag; leave out to keep it."))
            .param(P::bool("is_archived").nullable().doc("Your archived flag; leave out to keep it."))
            .returns(message())
            .handler(projects::update_project),
    ]
}

/// The section APIs, in docs order.
fn section_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_sections", "/todoist/projects/{project_id}/sections")
            .doc("List a project's sections in their order, with their task counts.")
            .param(project_id())
            .auth()
            .writes()
            .returns(json!([{"project_id": 1, "name": "string", "order_index": 0.0, "created_at": "2019-01-01T00:00:00", "section_id": 1, "num_tasks": 1}]))
            .handler(sections::show_sections),
        Api::post(APP, "create_section", "/todoist/projects/{project_id}/sections")
            .doc("Add a section to a project at a position (negative positions count from the end; -1 is last).")
            .param(project_id())
            .param(P::str("name").min_len(1).doc("The section's name, unique in the project."))
            .auth()
            .param(P::int("order_index").default(json!(-1)).doc("Position among the project's sections."))
            .returns(json!({"message": "string", "section_id": 1}))
            .handler(sections::create_section),
        Api::delete(APP, "delete_section", "/todoist/sections/{section_id}")
            .doc("Delete a section with its tasks and their sub-tasks.")
            .param(section_id())
            .auth()
            .returns(message())
            .handler(sections::delete_section),
        Api::patch(APP, "update_section", "/todoist/sections/{section_id}")
            .doc("Rename a section or move it to another position.")
            .param(section_id())
            .auth()
            .param(P::str("name").nullable().min_len(1).doc("New name; leave out to keep it."))
            .param(P::int("order_index").nullable().doc("New position; leave out to keep it."))
            .returns(message())
            .handler(sections::update_section),
    ]
}

/// The collaborator and invite APIs, in docs order.
fn collaborator_apis() -> Vec<ApiSpec> {
    vec![
        Api::delete(APP, "remove_collaborator_from_project", "/todoist/projects/{project_id}/collaborators")
            .doc("Remove a collaborator (not the owner) from a project you collaborate on; remove yourself to leave it.")
            .param(project_id())
            .param(P::str("email").email().doc("The collaborator's e-mail address."))
            .auth()
            .returns(message())
            .handler(collaboration::remove_collaborator_from_project),
        Api::post(APP, "send_project_invite", "/todoist/projects/{project_id}/invite")
            .doc("Invite someone to a project you collaborate on; the invite code is e-mailed to them (inviting again resends the same code).")
            .param(project_id())
            .param(P::str("email").email().doc("The invitee's e-mail address."))
            .auth()
            .returns(json!({"message": "string", "invite_code": "string"}))
            .handler(collaboration::send_project_invite),
        Api::post(APP, "accept_project_invite", "/todoist/project_invites/{invite_code}/accept")
            .doc("Join a project with the code of an invite sent to you.")
            .param(P::str("invite_code").doc("The invite code from the e-mail."))
            .auth()
            .returns(json!({"message": "string", "project_id": 1}))
            .handler(collaboration::accept_project_invite),
        Api::post(APP, "delete_project_invite", "/todoist/project_invites/{invite_code}/delete")
            .doc("Withdraw an invite you sent.")
            .param(P::str("invite_code").doc("The invite's code."))
            .auth()
            .returns(message())
            .handler(collaboration::delete_project_invite),
    ]
}

/// The task APIs, in docs order.
fn task_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_tasks", "/todoist/projects/{project_id}/tasks")
            .doc("List a project's tasks, without a section first, then per section in the sections' order; filter by section, people, priority, completion, label and due date.")
            .param(project_id())
            .auth()
            .param(P::int("section_id").nullable().doc("Only tasks of this section; 0 for tasks without a section."))
            .param(P::str("assignee_email").nullable().email().doc("Only tasks assigned to this person."))
            .param(P::str("assigner_email").nullable().email().doc("Only tasks assigned by this person."))
            .param(P::str("priority").nullable().one_of(PRIORITIES).doc("Only tasks of this priority."))
            .param(P::bool("is_completed").nullable().doc("Only completed (true) or open (false) tasks."))
            .param(P::bool("due_today").default(json!(false)).doc("Only tasks due today."))
            .param(P::int("label_id").nullable().doc("Only tasks with a label of this label's name."))
            .param(P::bool("overdue").default(json!(false)).doc("Only tasks due before today."))
            .param(P::str("min_due_date").default(json!("1500-01-01")).format(DATE_FORMAT).doc("Only tasks due at or after this date (YYYY-MM-DD)."))
            .param(P::str("max_due_date").default(json!("3000-01-01")).format(DATE_FORMAT).doc("Only tasks due at or before this date (YYYY-MM-DD, the whole day)."))
            .param(sort_param(&["order_index", "due_date", "priority"], json!("+order_index")))
            .writes()
            .returns(json!({"project_id": 1, "no_section_tasks": [task_list_example()], "sections": [{"section_id": 1, "tasks": [task_list_example()]}]}))
            .handler(tasks::show_tasks),
        Api::post(APP, "create_task", "/todoist/projects/{project_id}/tasks")
            .doc("Add a task to a project (and optionally one of its sections) at a position (-1 is last).")
            .param(project_id())
            .param(P::str("title").min_len(1).doc("The task's title."))
            .auth()
            .param(P::int("section_id").nullable().doc("The section to put it in."))
            .param(P::str("description").default(json!("")).doc("A description."))
            .param(P::str("due_date").nullable().format(DATE_FORMAT).doc("Due date, YYYY-MM-DD (or YYYY-MM-DDTHH:MM:SS)."))
            .param(P::float("duration").nullable().doc("How long it takes, in duration_unit."))
            .param(P::str("duration_unit").nullable().one_of(DURATION_UNITS).doc("The unit of duration."))
            .param(P::int("order_index").default(json!(-1)).doc("Position among the tasks of its section."))
            .param(P::str("priority").default(json!("medium")).one_of(PRIORITIES).doc("The task's priority."))
            .returns(json!({"message": "string", "task_id": 1}))
            .handler(tasks::create_task),
        Api::post(APP, "assign_or_unassign_task", "/todoist/tasks/{task_id}/assign")
            .doc("Assign a task to a collaborator of its project (they are notified), or unassign it by giving no e-mail.")
            .param(task_id())
            .auth()
            .param(P::str("assignee_email").nullable().email().doc("The assignee's e-mail address; leave out to unassign."))
            .returns(message())
            .handler(tasks::assign_or_unassign_task),
        Api::get(APP, "show_task", "/todoist/tasks/{task_id}")
            .doc("Show a task with its labels, creator and sub-task count.")
            .param(task_id())
            .auth()
            .returns(json!({"project_id": 1, "section_id": 1, "title": "string", "description": "string", "due_date": "2019-01-01T00:00:00",
                            "priority": "high", "is_completed": true, "duration": 0.0, "duration_unit": "minutes", "order_index": 0.0,
                            "assignee_id": 1, "assigner_id": 1, "created_at": "2019-01-01T00:00:00", "task_id": 1, "labels": labels_example(),
                            "creator": person(), "num_sub_tasks": 1}))
            .handler(tasks::show_task),
        Api::delete(APP, "delete_task", "/todoist/tasks/{task_id}")
            .doc("Delete a task with its sub-tasks.")
            .param(task_id())
            .auth()
            .returns(message())
            .handler(tasks::delete_task),
        Api::patch(APP, "update_task", "/todoist/tasks/{task_id}")
            .doc("Change a task's fields or move it within its section.")
            .param(task_id())
            .auth()
            .param(P::str("title").nullable().min_len(1).doc("New title; leave out to keep it."))
            .param(P::str("description").nullable().doc("New description; leave out to keep it."))
            .param(P::str("due_date").nullable().format(DATE_FORMAT).doc("New due date, YYYY-MM-DD; leave out to keep it."))
            .param(P::float("duration").nullable().doc("New duration; leave out to keep it."))
            .param(P::str("duration_unit").nullable().one_of(DURATION_UNITS).doc("New duration unit; leave out to keep it."))
            .param(P::bool("is_completed").nullable().doc("Mark it completed or open; leave out to keep it."))
            .param(P::int("order_index").nullable().doc("New position; leave out to keep it."))
            .param(P::str("priority").nullable().one_of(PRIORITIES).doc("New priority; leave out to keep it."))
            .returns(message())
            .handler(tasks::update_task),
    ]
}

/// The sub-task APIs, in docs order.
fn sub_task_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_sub_tasks", "/todoist/tasks/{task_id}/sub_tasks")
            .doc("List a task's sub-tasks in their order.")
            .param(task_id())
            .auth()
            .returns(json!([{"task_id": 1, "title": "string", "description": "string", "due_date": "2019-01-01T00:00:00", "priority": "high",
                             "is_completed": true, "duration": 0.0, "duration_unit": "minutes", "order_index": 0.0,
                             "created_at": "2019-01-01T00:00:00", "sub_task_id": 1}]))
            .handler(sub_tasks::show_sub_tasks),
        Api::post(APP, "create_sub_task", "/todoist/tasks/{task_id}/sub_tasks")
            .doc("Add a sub-task to a task at a position (-1 is last).")
            .param(task_id())
            .param(P::str("title").min_len(1).doc("The sub-task's title."))
            .auth()
            .param(P::str("description").default(json!("")).doc("A description."))
            .param(P::str("due_date").nullable().format(DATE_FORMAT).doc("Due date, YYYY-MM-DD."))
            .param(P::str("priority").default(json!("medium")).one_of(PRIORITIES).doc("The sub-task's priority."))
            .param(P::int("order_index").default(json!(-1)).doc("Position among the sub-tasks."))
            .returns(json!({"message": "string", "sub_task_id": 1}))
            .handler(sub_tasks::create_sub_task),
        Api::delete(APP, "delete_sub_task", "/todoist/sub_tasks/{sub_task_id}")
            .doc("Delete a sub-task.")
            .param(sub_task_id())
            .auth()
            .returns(message())
            .handler(sub_tasks::delete_sub_task),
        Api::patch(APP, "update_sub_task", "/todoist/sub_tasks/{sub_task_id}")
            .doc("Change a sub-task's fields or move it.")
            .param(sub_task_id())
            .auth()
            .param(P::str("title").nullable().min_len(1).doc("New title; leave out to keep it."))
            .param(P::str("description").nullable().doc("New description; leave out to keep it."))
            .param(P::str("due_date").nullable().format(DATE_FORMAT).doc("New due date, YYYY-MM-DD; leave out to keep it."))
            .param(P::str("priority").nullable().one_of(PRIORITIES).doc("New priority; leave out to keep it."))
            .param(P::bool("is_completed").nullable().doc("Mark it completed or open; leave out to keep it."))
            .param(P::int("order_index").nullable().doc("New position; leave out to keep it."))
            .returns(message())
            .handler(sub_tasks::update_sub_task),
    ]
}

/// The label APIs, in docs order.
fn label_apis() -> Vec<ApiSpec> {
    vec![
        big_paged(
            Api::get(APP, "search_labels", "/todoist/labels")
                .doc("List your labels by name, a task's labels, or your labels not on a task; a query re-ranks them by similarity to the name.")
                .auth()
                .param(P::str("query").default(json!("")).doc("Text to rank labels by; empty keeps the order."))
                .param(P::int("task_id").nullable().doc("Labels of this task."))
                .param(P::str("color").optional().one_of(COLORS).doc("Only labels of this colour."))
                .param(P::bool("task_attached").default(json!(true)).doc("With task_id: the task's labels (true) or your labels not on it (false).")),
        )
        .returns(json!([label_example()]))
        .handler(labels::search_labels),
        Api::post(APP, "create_label", "/todoist/labels")
            .doc("Create a label.")
            .param(P::str("name").min_len(1).doc("The label's name, unique among your labels."))
            .auth()
            .param(P::str("color").default(json!("charcoal")).one_of(COLORS).doc("The label's colour."))
            .returns(json!({"message": "string", "label_id": 1}))
            .handler(labels::create_label),
        Api::get(APP, "show_label", "/todoist/labels/{label_id}")
            .doc("Show any label (public: no access token needed).")
            .param(label_id())
            .returns(label_example())
            .handler(labels::show_label),
        Api::delete(APP, "delete_label", "/todoist/labels/{label_id}")
            .doc("Delete one of your labels; it leaves the tasks it was on.")
            .param(label_id())
            .auth()
            .returns(message())
            .handler(labels::delete_label),
        Api::patch(APP, "update_label", "/todoist/labels/{label_id}")
            .doc("Rename or recolour one of your labels.")
            .param(label_id())
            .auth()
            .param(P::str("name").nullable().min_len(1).doc("New name; leave out to keep it."))
            .param(P::str("color").nullable().one_of(COLORS).doc("New colour; leave out to keep it."))
            .returns(message())
            .handler(labels::update_label),
        Api::post(APP, "add_label_to_task", "/todoist/tasks/{task_id}/labels")
            .doc("Put a label (anyone's) on a task of a project you collaborate on.")
            .param(task_id())
            .param(label_id())
            .auth()
            .returns(message())
            .handler(labels::add_label_to_task),
        Api::delete(APP, "remove_label_from_task", "/todoist/tasks/{task_id}/labels/{label_id}")
            .doc("Take a label off a task.")
            .param(task_id())
            .param(label_id())
            .auth()
            .returns(message())
            .handler(labels::remove_label_from_task),
    ]
}

/// The comment and attachment APIs, in docs order.
fn comment_apis() -> Vec<ApiSpec> {
    vec![
        Api::get(
            APP,
            "show_task_comments",
            "/todoist/tasks/{task_id}/comments",
        )
        .doc("List a task's comments, oldest first.")
        .param(task_id())
        .auth()
        .paged()
        .returns(json!([comment_example()]))
        .handler(comments::show_task_comments),
        Api::post(
            APP,
            "post_task_comment",
            "/todoist/tasks/{task_id}/comments",
        )
        .doc("Comment on a task, optionally attaching files from your file system.")
        .param(task_id())
        .param(P::str("content").doc("The comment's text (not empty)."))
        .auth()
        .param(
            P::str_list("attachment_file_paths")
                .nullable()
                .doc("Paths of files in your file system to attach (base names must differ)."),
        )
        .param(
            P::str("file_system_access_token")
                .nullable()
                .doc("Your file_system access token, needed to attach files."),
        )
        .returns(json!({"message": "string", "task_comment_id": 1}))
        .handler(comments::post_task_comment),
        Api::get(
            APP,
            "show_task_comment",
            "/todoist/task_comments/{task_comment_id}",
        )
        .doc("Show one comment.")
        .param(comment_id())
        .auth()
        .returns(comment_example())
        .handler(comments::show_task_comment),
        Api::delete(
            APP,
            "delete_task_comment",
            "/todoist/task_comments/{task_comment_id}",
        )
        .doc("Delete one of your comments.")
        .param(comment_id())
        .auth()
        .returns(message())
        .handler(comments::delete_task_comment),
        Api::patch(
            APP,
            "update_task_comment",
            "/todoist/task_comments/{task_comment_id}",
        )
        .doc("Change the text of one of your comments.")
        .param(comment_id())
        .auth()
        .param(
            P::str("content")
                .nullable()
                .doc("The new text; leave out to keep it."),
        )
        .returns(message())
        .handler(comments::update_task_comment),
        Api::post(
            APP,
            "upload_attachment",
            "/todoist/task_comments/{task_comment_id}/attachments",
        )
        .doc("Attach a file from your file system to one of your comments.")
        .param(comment_id())
        .param(P::str("upload_from_file_path").doc("The file's path in your file system."))
        .param(P::str("file_system_access_token").doc("Your file_system access token."))
        .auth()
        .param(
            P::bool("overwrite")
                .default(json!(false))
                .doc("Replace an attachment of the same name."),
        )
        .returns(json!({"message": "string", "attachment_file_name": "string"}))
        .handler(comments::upload_attachment),
        Api::get(
            APP,
            "download_attachment",
            "/todoist/task_comments/{task_comment_id}/attachments/{attachment_file_name}",
        )
        .doc("Save a comment's attachment in your file system (default ~/downloads/<name>).")
        .param(comment_id())
        .param(P::str("attachment_file_name").doc("The attachment's file name."))
        .param(P::str("file_system_access_token").doc("Your file_system access token."))
        .auth()
        .param(
            P::str("download_to_file_path")
                .nullable()
                .doc("Where to save it; default ~/downloads/<file name>."),
        )
        .param(
            P::bool("overwrite")
                .default(json!(false))
                .doc("Replace a file already at that path."),
        )
        .writes()
        .returns(json!({"message": "string", "file_path": "string"}))
        .handler(comments::download_attachment),
        Api::delete(
            APP,
            "delete_attachment",
            "/todoist/task_comments/{task_comment_id}/attachments/{attachment_file_name}",
        )
        .doc("Remove an attachment from one of your comments.")
        .param(comment_id())
        .param(P::str("attachment_file_name").doc("The attachment's file name."))
        .auth()
        .returns(message())
        .handler(comments::delete_attachment),
    ]
}
