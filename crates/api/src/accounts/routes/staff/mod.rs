pub mod customers;
