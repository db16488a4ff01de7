fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(code) = junqi::cli::run(&args) {
        std::process::exit(code);
    }
    eprintln!("junqi: the window is not built yet");
    std::process::exit(2);
}
