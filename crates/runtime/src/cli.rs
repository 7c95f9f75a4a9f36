//! What Sluice's command-line programs share: how they end. Bad input exits 2 with a message,
//! any other failure exits 1, and success exits with the program's own code.

/// An error the user caused (a bad flag, file or request): exit code 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Ends the process with `result`: its code on success; otherwise the error on stderr after
/// `program`'s name, and 2 for a [`UsageError`] or 1 for anything else.
pub fn exit_with(program: &str, result: anyhow::Result<i32>) -> ! {
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{program}: {e:#}");
            if e.downcast_ref::<UsageError>().is_some() {
                2
            } else {
                1
            }
        }
    };
    std::process::exit(code)
}
