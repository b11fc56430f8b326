//! `job_queue`: background work queued by use cases.
use sea_orm::entity::prelude::*;

/// A row of `job_queue`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job_queue")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// What to do, e.g. `reset_code_mail`.
    pub kind: String,
    /// The job's input as JSON; emptied once the job ends (it may hold an e-mail address).
    pub payload: String,
    pub last_error: Option<String>,
    /// `queued`, `running`, `done` or `failed`.
    pub status: String,
    pub attempts: i32,
    /// When the job is due; while `running`, when its lease ends.
    pub run_at: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
