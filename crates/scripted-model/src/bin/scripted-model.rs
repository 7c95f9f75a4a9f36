//! `scripted-model [--port N]`: serves the scripted model on 127.0.0.1 (port 0 picks a free one)
//! and prints its base URL (`http://127.0.0.1:PORT/v1`) on the first line of stdout.

use std::io::Write;

fn main() {
    let mut args = std::env::args().skip(1);
    let port: u16 = match (args.next().as_deref(), args.next()) {
        (None, _) => 0,
        (Some("--port"), Some(p)) => match p.parse() {
            Ok(p) => p,
            Err(_) => usage(&format!("not a port: {p}")),
        },
        (Some(other), _) => usage(&format!("unexpected argument: {other}")),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    let result = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        println!("http://{}/v1", listener.local_addr()?);
        std::io::stdout().flush()?;
        scripted_model::serve(listener).await
    });
    if let Err(e) = result {
        eprintln!("scripted-model: {e}");
        std::process::exit(1);
    }
}

fn usage(problem: &str) -> ! {
    eprintln!("scripted-model: {problem}\nusage: scripted-model [--port N]");
    std::process::exit(2);
}
