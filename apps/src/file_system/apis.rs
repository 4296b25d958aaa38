//! The registrations of the file_system app's own APIs, in docs order (the account APIs come
//! from `common::accounts`). Handlers live by topic: `directories.rs`, `files.rs`,
//! `archives.rs`.

use super::APP;
use super::archives;
use super::directories;
use super::files;
use serde_json::json;
use sim::api::{Api, ApiSpec, P};

fn message(field: &str) -> serde_json::Value {
    json!({"message": "string", field: "string"})
}

pub(super) fn all() -> Vec<ApiSpec> {
    vec![
        Api::get(APP, "show_directory", "/file_system/directory")
            .doc("List the paths of files and directories under one of your directories (sub-directories end with `/`), sorted; optionally filtered by a substring and by entry type, recursively or not.")
            .auth()
            .param(P::str("directory_path").default(json!("/")).min_len(1).doc("The directory to list (`~/` is your home directory)."))
            .param(P::str("substring").optional().doc("Only paths containing this text (case-insensitive)."))
            .param(P::str("entry_type").default(json!("all")).one_of(&["all", "files", "directories"]).doc("Which entries to list: all, files or directories."))
            .param(P::bool("recursive").default(json!(true)).doc("Also list what lies in sub-directories."))
            .returns(json!(["string"]))
            .handler(directories::show_directory),
        Api::post(APP, "create_directory", "/file_system/directory")
            .doc("Create a directory; with recursive, its missing parent directories too.")
            .param(P::str("directory_path").doc("The directory to create (`~/` is your home directory)."))
            .auth()
            .param(P::bool("recursive").default(json!(false)).doc("Create missing parent directories as well."))
            .returns(json!({"message": "string"}))
            .handler(directories::create_directory),
        Api::delete(APP, "delete_directory", "/file_system/directory")
            .doc("Delete one of your directories with everything below it.")
            .param(P::str("directory_path").doc("The directory to delete."))
            .auth()
            .returns(json!({"message": "string"}))
            .handler(directories::delete_directory),
        Api::get(APP, "directory_exists", "/file_system/directory/exists")
            .doc("Tell whether you have a directory at this path.")
            .param(P::str("directory_path").min_len(1).doc("The directory to look for."))
            .auth()
            .returns(json!({"exists": true}))
            .handler(directories::directory_exists),
        Api::get(APP, "show_file", "/file_system/file")
            .doc("Show one of your files: its id, path, content and timestamps.")
            .param(P::str("file_path").doc("The file's path (`~/` is your home directory)."))
            .auth()
            .returns(json!({"file_id": 1, "path": "string", "content": "string", "created_at": "2019-01-01T00:00:00", "updated_at": "2019-01-01T00:00:00"}))
            .handler(files::show_file),
        Api::post(APP, "create_file", "/file_system/file")
            .doc("Create a file with this content, creating its missing parent directories; with overwrite, replace an existing file.")
            .param(P::str("file_path").doc("The file's path; it must have an extension."))
            .auth()
            .param(P::str("content").default(json!("")).doc("The text of the file."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at this path."))
            .returns(message("file_path"))
            .handler(files::create_file),
        Api::delete(APP, "delete_file", "/file_system/file")
            .doc("Delete one of your files.")
            .param(P::str("file_path").doc("The file's path."))
            .auth()
            .returns(message("file_path"))
            .handler(files::delete_file),
        Api::patch(APP, "update_file", "/file_system/file")
            .doc("Replace the content of one of your files.")
            .param(P::str("file_path").doc("The file's path."))
            .param(P::str("content").doc("The new text of the file."))
            .auth()
            .returns(message("file_path"))
            .handler(files::update_file),
        Api::get(APP, "file_exists", "/file_system/file/exists")
            .doc("Tell whether you have a file at this path.")
            .param(P::str("file_path").min_len(1).doc("The file's path."))
            .auth()
            .returns(json!({"exists": true}))
            .handler(files::file_exists),
        Api::post(APP, "copy_file", "/file_system/file/copy")
            .doc("Copy one of your files to another path (creating missing directories there).")
            .param(P::str("source_file_path").doc("The file to copy."))
            .param(P::str("destination_file_path").doc("Where the copy goes."))
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at the destination."))
            .param(P::bool("retain_dates").default(json!(false)).doc("Keep the source's creation and update times."))
            .returns(message("destination_file_path"))
            .handler(files::copy_file),
        Api::post(APP, "move_file", "/file_system/file/move")
            .doc("Move one of your files to another path (creating missing directories there).")
            .param(P::str("source_file_path").doc("The file to move."))
            .param(P::str("destination_file_path").doc("Where it goes."))
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a file already at the destination."))
            .param(P::bool("retain_dates").default(json!(false)).doc("Keep the source's creation and update times."))
            .returns(message("destination_file_path"))
            .handler(files::move_file),
        Api::post(APP, "copy_directory", "/file_system/directory/copy")
            .doc("Copy the files of one of your directories, with their sub-paths, to another directory.")
            .param(P::str("source_directory_path").doc("The directory to copy."))
            .param(P::str("destination_directory_path").doc("Where the copy goes."))
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a directory already at the destination (its content is removed first)."))
            .param(P::bool("retain_dates").default(json!(false)).doc("Keep the files' creation and update times."))
            .returns(message("destination_directory_path"))
            .handler(directories::copy_directory),
        Api::post(APP, "move_directory", "/file_system/directory/move")
            .doc("Move one of your directories, with everything below it, to another path.")
            .param(P::str("source_directory_path").doc("The directory to move."))
            .param(P::str("destination_directory_path").doc("Where it goes."))
            .auth()
            .param(P::bool("overwrite").default(json!(false)).doc("Replace a directory already at the destination (its content is removed first)."))
            .param(P::bool("retain_dates").default(json!(false)).doc("Keep the files' creation and update times."))
            .returns(message("destination_directory_path"))
            .handler(directories::move_directory),
        Api::post(APP, "compress_directory", "/file_system/directory/compress")
            .doc("Pack the files of one of your directories into a zip or tar file (default: beside the directory, named after it, .zip).")
            .param(P::str("directory_path").doc("The directory to pack."))
            .auth()
            .param(P::str("compressed_file_path").optional().doc("The archive's path, ending in .zip or .tar."))
            .param(P::bool("delete_directory").default(json!(false)).doc("Delete the packed files and the directory afterwards."))
            .param(P::bool("overwrite").default(json!(false)).doc("Replace an archive already at that path."))
            .returns(message("compressed_file_path"))
            .handler(archives::compress_directory),
        Api::post(APP, "decompress_file", "/file_system/file/decompress")
            .doc("Unpack one of your zip or tar files into a directory (default: the archive's own directory), replacing files at the same paths.")
            .param(P::str("compressed_file_path").doc("The archive, ending in .zip or .tar."))
            .auth()
            .param(P::str("decompressed_directory_path").optional().doc("The directory to unpack into."))
            .param(P::bool("retain_dates").default(json!(true)).doc("Keep the packed files' creation and update times."))
            .param(P::bool("delete_compressed_file").default(json!(false)).doc("Delete the archive afterwards."))
            .returns(message("decompressed_directory_path"))
            .handler(archives::decompress_file),
    ]
}
