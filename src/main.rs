use junqi::cli::Outcome;

fn main() {
    match junqi::cli::run(std::env::args_os()) {
        Outcome::Exit(code) => std::process::exit(code),
        Outcome::Window(file) => {
            if let Err(e) = junqi::app::run(file) {
                eprintln!("junqi: cannot open the window: {e}");
                std::process::exit(1);
            }
        }
    }
}
