//! file_system's share of the world (the lead's).
