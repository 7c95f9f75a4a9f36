//! Integration tests of the validator: a small suite in-process, the gate verdict, importers.
