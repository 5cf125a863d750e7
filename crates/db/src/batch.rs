//! Batched multi-row inserts that run on both backends (seeding, imports).

use crate::DbError;
use sqlx::{Any, Transaction};

/// `$first, $first+1, …` for `n` values.
pub(crate) fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One bound value of a batched insert.
#[derive(Debug, Clone)]
pub enum Val {
    I(i64),
    OptI(Option<i64>),
    S(String),
    OptS(Option<String>),
    B(bool),
    Bytes(Vec<u8>),
}

impl From<i64> for Val {
    fn from(v: i64) -> Val {
        Val::I(v)
    }
}
impl From<Option<i64>> for Val {
    fn from(v: Option<i64>) -> Val {
        Val::OptI(v)
    }
}
impl From<String> for Val {
    fn from(v: String) -> Val {
        Val::S(v)
    }
}
impl From<&str> for Val {
    fn from(v: &str) -> Val {
        Val::S(v.to_owned())
    }
}
impl From<Option<String>> for Val {
    fn from(v: Option<String>) -> Val {
        Val::OptS(v)
    }
}
impl From<bool> for Val {
    fn from(v: bool) -> Val {
        Val::B(v)
    }
}
impl From<Vec<u8>> for Val {
    fn from(v: Vec<u8>) -> Val {
        Val::Bytes(v)
    }
}

/// Collects rows for one table and writes them in few statements.
pub struct Batch {
    table: &'static str,
    columns: &'static [&'static str],
    rows: Vec<Vec<Val>>,
}

impl Batch {
    pub fn new(table: &'static str, columns: &'static [&'static str]) -> Batch {
        Batch {
            table,
            columns,
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<Val>) {
        assert_eq!(
            row.len(),
            self.columns.len(),
            "row width for {}",
            self.table
        );
        self.rows.push(row);
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Inserts every row; statements stay under both backends' parameter limits.
    pub async fn write(self, tx: &mut Transaction<'static, Any>) -> Result<(), DbError> {
        let width = self.columns.len();
        let per_statement = (8_000 / width).clamp(1, 500);
        let mut rows = self.rows.into_iter().peekable();
        while rows.peek().is_some() {
            let chunk: Vec<Vec<Val>> = rows.by_ref().take(per_statement).collect();
            let mut sql = format!(
                "INSERT INTO {} ({}) VALUES ",
                self.table,
                self.columns.join(", ")
            );
            let mut n = 0;
            for (i, _) in chunk.iter().enumerate() {
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push('(');
                for c in 0..width {
                    if c > 0 {
                        sql.push_str(", ");
                    }
                    n += 1;
                    sql.push('$');
                    sql.push_str(&n.to_string());
                }
                sql.push(')');
            }
            let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
            for row in chunk {
                for v in row {
                    q = match v {
                        Val::I(x) => q.bind(x),
                        Val::OptI(x) => q.bind(x),
                        Val::S(x) => q.bind(x),
                        Val::OptS(x) => q.bind(x),
                        Val::B(x) => q.bind(x),
                        Val::Bytes(x) => q.bind(x),
                    };
                }
            }
            q.execute(&mut **tx).await?;
        }
        Ok(())
    }
}

/// `vec![Val, …]` from anything convertible.
#[macro_export]
macro_rules! row {
    ($($v:expr),* $(,)?) => { vec![$($crate::batch::Val::from($v)),*] };
}
