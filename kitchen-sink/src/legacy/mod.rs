//! `legacy.example.com`: an old group whose kinds moved to other groups; only its version remains.

pub mod v1beta1;
