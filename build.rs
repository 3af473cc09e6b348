//! Compiles examples/saxpy.cl into `$OUT_DIR/saxpy.spv` (the committed examples/saxpy.spv
//! where clang-15 and llvm-spirv-15 are not installed).

fn main() -> Result<(), spirv_build::Error> {
    spirv_build::Kernel::new("examples/saxpy.cl").compile()?;
    Ok(())
}
