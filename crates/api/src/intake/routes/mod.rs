//! The intake's two endpoints.

pub mod post_envelope;
pub mod staff;
