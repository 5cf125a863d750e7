//! Booleans through the `Any` driver.
//!
//! sqlx 0.9's `Any` driver cannot read a SQLite column *declared* `BOOLEAN`
//! (it refuses the type), and decodes `bool` only from PostgreSQL booleans.
//! So flags are `INTEGER` 0/1 in the SQLite DDL and `BOOLEAN` in the
//! PostgreSQL DDL, and rows read them through [`Flag`], which accepts both:
//!
//! ```ignore
//! #[derive(sqlx::FromRow)]
//! struct Row { #[sqlx(try_from = "uplink_db::Flag")] active: bool }
//! ```
//! Binding a plain `bool` works on both backends.

use sqlx::any::{Any, AnyTypeInfo, AnyTypeInfoKind, AnyValueRef};
use sqlx::{Decode, Type, error::BoxDynError};

/// A boolean read from an `INTEGER` (SQLite) or `BOOLEAN` (PostgreSQL) column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flag(pub bool);

impl Type<Any> for Flag {
    fn type_info() -> AnyTypeInfo {
        <bool as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        matches!(ty.kind(), AnyTypeInfoKind::Bool) || ty.kind().is_integer()
    }
}

impl<'r> Decode<'r, Any> for Flag {
    fn decode(value: AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        match <i64 as Decode<Any>>::decode(value.clone()) {
            Ok(n) => Ok(Flag(n != 0)),
            Err(_) => <bool as Decode<Any>>::decode(value).map(Flag),
        }
    }
}

impl From<Flag> for bool {
    fn from(f: Flag) -> bool {
        f.0
    }
}

/// For rows that select `CAST(col AS INTEGER)` and declare `#[sqlx(try_from = "i64")]`.
impl From<i64> for Flag {
    fn from(v: i64) -> Flag {
        Flag(v != 0)
    }
}

impl std::ops::Deref for Flag {
    type Target = bool;
    fn deref(&self) -> &bool {
        &self.0
    }
}
