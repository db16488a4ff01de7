//! Only for a Windows target: the icon and the version information are compiled into a Windows
//! resource by the MinGW `windres` (x86_64-w64-mingw32-windres when cross-compiling from Linux;
//! the `WINDRES` variable names another) and linked into the executable. On any other target this
//! script does nothing.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    println!("cargo:rerun-if-changed=assets/icons/junqi.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu") {
        println!(
            "cargo:warning=no icon or version resource: only the GNU target (windres) is supported"
        );
        return;
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let version = env::var("CARGO_PKG_VERSION").expect("CARGO_PKG_VERSION");
    let mut parts: Vec<u16> = version
        .split(['.', '-', '+'])
        .take(3)
        .map(|p| p.parse().unwrap_or(0))
        .collect();
    parts.resize(4, 0);
    let numeric = parts
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let icon = dir.join("assets/icons/junqi.ico");
    let rc = format!(
        r#"#pragma code_page(65001)
1 ICON "{icon}"
1 VERSIONINFO
FILEVERSION {numeric}
PRODUCTVERSION {numeric}
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "CompanyName", "Junqi"
      VALUE "FileDescription", "Junqi (军棋 / 陆战棋)"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "junqi"
      VALUE "LegalCopyright", "MIT OR Apache-2.0"
      VALUE "OriginalFilename", "junqi.exe"
      VALUE "ProductName", "Junqi"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#,
        icon = icon.display().to_string().replace('\\', "/"),
    );
    let rc_path = out.join("junqi.rc");
    std::fs::write(&rc_path, rc).expect("write junqi.rc");
    let obj = out.join("junqi-resource.o");
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let candidates: Vec<String> = match env::var("WINDRES") {
        Ok(w) => vec![w],
        Err(_) => vec![format!("{arch}-w64-mingw32-windres"), "windres".to_string()],
    };
    for windres in &candidates {
        match Command::new(windres)
            .arg("--input")
            .arg(&rc_path)
            .arg("--output-format=coff")
            .arg("--output")
            .arg(&obj)
            .status()
        {
            Ok(s) if s.success() => {
                println!("cargo:rustc-link-arg-bins={}", obj.display());
                return;
            }
            Ok(s) => panic!("{windres} failed ({s}) on {}", rc_path.display()),
            Err(_) => continue,
        }
    }
    println!(
        "cargo:warning=no icon or version resource in the exe: none of {} found (Debian: apt-get install mingw-w64)",
        candidates.join(", ")
    );
}
