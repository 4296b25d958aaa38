//! The API layer: registry and dispatch, parameter validation, errors, auth tokens, and the
//! list helpers (pagination, sorting, search) every app shares.

pub mod auth;
pub mod error;
pub mod fts;
pub mod listing;
pub mod params;
pub mod pyset;
pub mod registry;

pub use error::ApiError;
pub use registry::{
    AccountHook, AccountSpec, Api, ApiSpec, AppSpec, Args, Auth, CallOptions, Couriers, Ctx,
    Handler, Method, Notice, Notifier, P, Registry, User,
};
