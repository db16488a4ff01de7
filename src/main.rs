// On Windows the program is a GUI-subsystem executable (no console window opens when it is started
// from the desktop); a headless command run from a console attaches to that console to print.
#![cfg_attr(windows, windows_subsystem = "windows")]

use junqi::cli::Outcome;

fn main() {
    #[cfg(windows)]
    windows_console::attach();
    match junqi::cli::run(std::env::args_os()) {
        Outcome::Exit(code) => std::process::exit(code),
        Outcome::Window(file) => open(junqi::app::Opening::File(file)),
        Outcome::Link(link) => open(junqi::app::Opening::Link(link)),
    }
}

fn open(what: junqi::app::Opening) {
    if let Err(e) = junqi::app::run(what) {
        eprintln!("junqi: cannot open the window: {e}");
        std::process::exit(1);
    }
}

/// A GUI-subsystem program gets no console: when it is started from one (cmd, PowerShell), attach
/// to it so that `junqi moves …` and `--help` print there. Standard handles already given to the
/// program (output redirected to a file or a pipe) are kept as they are.
#[cfg(windows)]
mod windows_console {
    use std::ffi::c_void;

    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    const STD_HANDLES: [u32; 3] = [
        -10i32 as u32, // STD_INPUT_HANDLE
        -11i32 as u32, // STD_OUTPUT_HANDLE
        -12i32 as u32, // STD_ERROR_HANDLE
    ];

    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn AttachConsole(process_id: u32) -> i32;
        fn GetStdHandle(which: u32) -> *mut c_void;
        fn SetStdHandle(which: u32, handle: *mut c_void) -> i32;
    }

    pub fn attach() {
        let invalid = usize::MAX as *mut c_void; // INVALID_HANDLE_VALUE
        // SAFETY: plain Win32 calls with constant arguments; the handles are only passed back.
        unsafe {
            let before = STD_HANDLES.map(|h| GetStdHandle(h));
            if before.iter().all(|h| !h.is_null() && *h != invalid) {
                return; // everything redirected: nothing to attach
            }
            if AttachConsole(ATTACH_PARENT_PROCESS) == 0 {
                return; // started from the desktop: no console, and none is wanted
            }
            for (which, handle) in STD_HANDLES.into_iter().zip(before) {
                if !handle.is_null() && handle != invalid {
                    SetStdHandle(which, handle);
                }
            }
        }
    }
}
