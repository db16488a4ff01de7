fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = junqi::cli::run(&args) {
        std::process::exit(code);
    }
    if let Err(e) = junqi::app::run() {
        eprintln!("junqi: cannot open the window: {e}");
        std::process::exit(1);
    }
}
