//! An array shared with another process: this program exports a device array, starts itself
//! again as a child and sends it the export's bytes through a pipe; the child opens the same
//! memory, reads the parent's values and writes new ones, which the parent then sees.
//!
//! ```sh
//! cargo run --example share_array
//! ```

use oneapi::onearray::OneArray;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().nth(1).as_deref() == Some("--child") {
        return child();
    }
    let values: Vec<f32> = (0..12).map(|i| i as f32 * 0.5).collect();
    let a = OneArray::<f32>::from_slice(&values)?.reshape(&[3, 4])?;
    let export = a.share()?;
    println!(
        "parent {}: exported {} f32 of shape {:?} as {} bytes",
        std::process::id(),
        export.len(),
        a.shape(),
        export.as_bytes().len()
    );
    let mut child = Command::new(std::env::current_exe()?)
        .arg("--child")
        .stdin(Stdio::piped())
        .spawn()?;
    child
        .stdin
        .take()
        .ok_or("no pipe to the child")?
        .write_all(export.as_bytes())?;
    let status = child.wait()?;
    if !status.success() {
        return Err(format!("the child failed: {status}").into());
    }
    let seen = a.to_vec()?;
    println!("parent: the array now holds {seen:?}");
    let expected: Vec<f32> = values.iter().map(|v| v * 10.0 + 1.0).collect();
    if seen != expected {
        return Err("the parent does not see the child's writes".into());
    }
    println!("parent: the child's writes are there");
    Ok(())
}

fn child() -> Result<(), Box<dyn std::error::Error>> {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes)?;
    let mut a = OneArray::<f32>::open_shared(&bytes)?;
    let values = a.to_vec()?;
    println!(
        "child {}: opened shape {:?}: {values:?}",
        std::process::id(),
        a.shape()
    );
    let new: Vec<f32> = values.iter().map(|v| v * 10.0 + 1.0).collect();
    a.copy_from_slice(&new)?;
    println!("child: wrote v * 10 + 1");
    // Wrong element type: a typed error, nothing opened.
    if let Err(e) = OneArray::<u32>::open_shared(&bytes) {
        println!("child: as u32: {e}");
    }
    Ok(())
}
