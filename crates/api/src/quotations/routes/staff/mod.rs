//! Sales staff and quotations: the queue, pricing, sending, declining.

pub mod staff_quotations;
