//! Every generated kernel shape and type validated by `spirv-val --target-env opencl1.2`.

use super::expr::{BinOp, CmpOp, Node, UnOp};
use super::spec::{RedOp, Spec, SpecKind};
use super::Ty;
use std::process::Command;

const TYPES: [Ty; 12] = [
    Ty::I8,
    Ty::I16,
    Ty::I32,
    Ty::I64,
    Ty::U8,
    Ty::U16,
    Ty::U32,
    Ty::U64,
    Ty::F16,
    Ty::BF16,
    Ty::F32,
    Ty::F64,
];

fn arr(arg: u16, ty: Ty) -> Box<Node> {
    Box::new(Node::Array { arg, ty })
}

/// Kernels exercising every operation on `ty`: `out = f(x, y, s)`.
fn specs(ty: Ty) -> Vec<Spec> {
    let inputs = vec![(true, ty), (true, ty), (false, ty.compute())];
    let s = || Box::new(Node::Scalar { arg: 2, ty });
    let mut nodes = Vec::new();
    let bin: &[BinOp] = if ty.is_float() {
        &[
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::Div,
            BinOp::Rem,
            BinOp::Max,
            BinOp::Min,
            BinOp::Pow,
        ]
    } else {
        &[
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::Div,
            BinOp::Rem,
            BinOp::Max,
            BinOp::Min,
            BinOp::And,
            BinOp::Or,
            BinOp::Xor,
            BinOp::Shl,
            BinOp::Shr,
        ]
    };
    for &op in bin {
        nodes.push(Node::Binary(
            op,
            arr(0, ty),
            Box::new(Node::Binary(op, arr(1, ty), s())),
        ));
    }
    let un: &[UnOp] = if ty.is_float() {
        &[
            UnOp::Neg,
            UnOp::Abs,
            UnOp::Sqrt,
            UnOp::Exp,
            UnOp::Ln,
            UnOp::Log2,
            UnOp::Log10,
            UnOp::Sin,
            UnOp::Cos,
            UnOp::Tan,
            UnOp::Tanh,
            UnOp::Floor,
            UnOp::Ceil,
            UnOp::Round,
            UnOp::Trunc,
            UnOp::Recip,
        ]
    } else {
        &[UnOp::Neg, UnOp::Abs, UnOp::Not]
    };
    for &op in un {
        nodes.push(Node::Unary(op, Box::new(Node::Dest(ty))));
    }
    for op in [
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::Eq,
        CmpOp::Ne,
    ] {
        let c = Box::new(Node::Compare(op, arr(0, ty), arr(1, ty)));
        nodes.push(Node::Select(c, arr(0, ty), s()));
    }
    for to in TYPES {
        // There and back again: every conversion in both directions.
        nodes.push(Node::Cast(ty, Box::new(Node::Cast(to, arr(0, ty)))));
    }
    let cmp = Node::Compare(CmpOp::Lt, arr(0, ty), arr(1, ty));
    nodes.push(Node::Cast(ty, Box::new(cmp)));
    let mut specs: Vec<Spec> = nodes
        .into_iter()
        .map(|node| Spec {
            kind: SpecKind::Map,
            out: ty,
            inputs: inputs.clone(),
            node,
        })
        .collect();
    // Fills: the element index in the compute type (iota, linspace's select).
    let index = || Box::new(Node::Cast(ty.compute(), Box::new(Node::Index)));
    let last = Node::Compare(CmpOp::Eq, Box::new(Node::Index), Box::new(Node::Index));
    let step = Node::Binary(BinOp::Mul, index(), s());
    specs.push(Spec {
        kind: SpecKind::Map,
        out: ty,
        inputs: inputs.clone(),
        node: Node::Select(Box::new(last), s(), Box::new(step)),
    });
    // Reductions of a fused expression, with every combining operation, into partials in
    // the compute type (whole arrays) and into the element type (along an axis).
    let ops = [
        RedOp::Sum,
        RedOp::Prod,
        RedOp::Max,
        RedOp::Min,
        RedOp::ArgMax,
        RedOp::ArgMin,
    ];
    for op in ops {
        for group in [1, 64, 256] {
            for out in [ty.compute(), ty] {
                let node = Node::Binary(BinOp::Mul, arr(0, ty), arr(1, ty));
                specs.push(Spec {
                    kind: SpecKind::Reduce { op, group },
                    out,
                    inputs: inputs.clone(),
                    node,
                });
            }
        }
    }
    if !ty.is_float() {
        specs.push(Spec {
            kind: SpecKind::Swap,
            out: ty,
            inputs: vec![(true, ty)],
            node: Node::Dest(ty),
        });
    }
    specs
}

#[test]
fn generated_kernels_pass_spirv_val() {
    let available = Command::new("spirv-val").arg("--version").output().is_ok();
    let dir = std::env::temp_dir().join(format!("onearray-codegen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for ty in TYPES {
        for (i, spec) in specs(ty).iter().enumerate() {
            let words = super::cache::build(spec).unwrap();
            // Every module parses back (what the drivers do first).
            rspirv::dr::load_words(&words).unwrap();
            if !available {
                continue;
            }
            let path = dir.join(format!("{ty:?}-{i}.spv"));
            std::fs::write(&path, bytemuck::cast_slice::<u32, u8>(&words)).unwrap();
            let out = Command::new("spirv-val")
                .args(["--target-env", "opencl1.2"])
                .arg(&path)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{ty:?} kernel {i} ({:?}) is invalid: {}",
                spec.node,
                String::from_utf8_lossy(&out.stderr)
            );
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    if available {
        assert!(checked > 12 * 40);
    } else {
        eprintln!("spirv-val is not installed (spirv-tools): generated kernels not validated");
    }
}
