//! Setup helpers for file_system: files a task reads ("the bill receipt is in my file system").

use super::{Setup, api_err};
use apps::common::files::{Directories, Files, FsUser, home_dir, resolve_path, write_file};
use apps::people::Person;
use chrono::NaiveDateTime;

impl Setup<'_> {
    /// Writes a file into `person`'s file system at `path` (`~/` is their home directory),
    /// creating missing directories, replacing a file already there; dated `at`.
    pub fn add_file(
        &self,
        person: &Person,
        path: &str,
        content: &str,
        at: NaiveDateTime,
    ) -> rusqlite::Result<()> {
        let owner = FsUser {
            id: self.user_id("file_system", person)?,
            first_name: person.first_name.clone(),
        };
        let path =
            resolve_path(path, "file_path", &home_dir(&person.first_name)).map_err(api_err)?;
        write_file(self.db, &owner, &path, content, "[]", true, at).map_err(api_err)?;
        Ok(())
    }

    /// Deletes every file of `person` whose path contains `fragment` (to remove base-world
    /// files that would make a task ambiguous); returns how many went.
    pub fn remove_files(&self, person: &Person, fragment: &str) -> rusqlite::Result<usize> {
        Files::delete_containing(self.db, self.user_id("file_system", person)?, fragment)
    }

    /// Writes several files of `person` (`(path, content, date)`), as [`Setup::add_file`].
    pub fn add_dated_files(
        &self,
        person: &Person,
        files: &[(String, String, NaiveDateTime)],
    ) -> rusqlite::Result<()> {
        for (path, content, at) in files {
            self.add_file(person, path, content, *at)?;
        }
        Ok(())
    }

    /// Deletes every directory and file of `person` whose path contains `fragment` (a whole
    /// sub-tree of the base world, e.g. `/documents/trips/`, replaced by a task's own files);
    /// returns how many rows went.
    pub fn remove_tree(&self, person: &Person, fragment: &str) -> rusqlite::Result<usize> {
        let dirs = Directories::delete_containing(
            self.db,
            self.user_id("file_system", person)?,
            fragment,
        )?;
        Ok(dirs + self.remove_files(person, fragment)?)
    }
}
