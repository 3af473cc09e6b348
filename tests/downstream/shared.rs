// The part of both downstream crates that does not depend on how they reach onearray:
// `include!`d by each after its imports and its derived types (`Body`, `Mass`).

/// Runs `body_step` over `bodies` (each position moves by `dt * m * (k + 1)` along axis `k`,
/// each mass doubles); returns each body's moment `m * (x + 10y + 100z)` from before the step.
pub fn step(bodies: &mut OneArray<Body, SharedBuffer>, dt: f32) -> onearray::Result<Vec<f32>> {
    let spirv = include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../kernels/spv/structs-O2.spv"
    ));
    let mut kernel = Module::new(spirv)?.kernel("body_step")?;
    let n = bodies.len();
    let mut moments = OneArray::<f32>::zeroed(n)?;
    kernel
        .launch(Grid::for_len(n))
        .args((bodies, &mut moments, dt, n as u32))
        .run()?;
    moments.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_structs_are_kernel_arguments() -> onearray::Result<()> {
        let before: Vec<Body> = (0..300)
            .map(|i| Body {
                pos: [i as f32, 1.0, -2.0],
                m: (i % 3) as f32,
            })
            .collect();
        let mut bodies = OneArray::<Body, SharedBuffer>::from_slice(&before)?;
        let moments = step(&mut bodies, 0.5)?;
        for (i, b) in before.iter().enumerate() {
            assert_eq!(moments[i], b.m * (b.pos[0] + 10.0 - 200.0), "moments[{i}]");
            let want = Body {
                pos: [b.pos[0] + 0.5 * b.m, 1.0 + b.m, -2.0 + 1.5 * b.m],
                m: 2.0 * b.m,
            };
            assert_eq!(bodies[i], want, "bodies[{i}]");
        }
        assert_eq!(Mass::zeroed(), Mass(0.0));
        Ok(())
    }
}
