//! The frame of a region's function that the per-work-item functions (`scalar_gen.rs`) and
//! the pack functions (`pack_loop.rs`) share: the entry block, the loop head over the call's
//! work-items (or packs), the region's blocks and the fault and exit blocks.

use super::runtime;
use super::scalar_gen::Gen;
use super::ssa::{BlockId, Stmt, Term};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, InstBuilder, Value};

impl Gen<'_, '_> {
    /// The entry block of a region's function (per work-item or per pack: the same
    /// parameters): the context and first lane in their variables, the result code `NONE`,
    /// the static local part's range loaded; returns the end of the call's work-items.
    pub(super) fn prologue(&mut self) -> Value {
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        let params = self.b.block_params(entry).to_vec();
        self.b.def_var(self.ctx, params[0]);
        self.b.def_var(self.lane, params[1]);
        let end = params[2];
        let none = self.b.ins().iconst(types::I32, runtime::NONE as i32 as i64);
        self.b.def_var(self.code, none);
        self.load_local_range();
        end
    }

    /// The blocks of the region that starts at `first` (`create_region_blocks`), jumped to
    /// from the current block, each with its statements (`stmt`) and terminator (`term`).
    pub(super) fn region_blocks(
        &mut self,
        first: BlockId,
        mut stmt: impl FnMut(&mut Self, &Stmt) -> Result<(), String>,
        mut term: impl FnMut(&mut Self, BlockId, &Term) -> Result<(), String>,
    ) -> Result<(), String> {
        let reach = self.create_region_blocks(first);
        self.b.ins().jump(self.blocks[first as usize], &[]);
        for (i, block) in self.f.blocks.iter().enumerate() {
            if !reach[i] {
                continue;
            }
            self.b.switch_to_block(self.blocks[i]);
            self.cancel_point(i);
            for s in &block.stmts {
                stmt(self, s)?;
            }
            term(self, i as BlockId, &block.term)?;
            self.fill_edge_blocks();
        }
        Ok(())
    }

    /// The fault block (returns `FAULT`) and the exit block (returns the result code) of a
    /// region's function, per work-item or per pack.
    pub(super) fn epilogue(&mut self, exit: Block) {
        self.b.switch_to_block(self.fault);
        let f = self
            .b
            .ins()
            .iconst(types::I32, runtime::FAULT as i32 as i64);
        self.b.ins().return_(&[f]);
        self.b.switch_to_block(exit);
        self.flush_fold_regs();
        let code = self.b.use_var(self.code);
        self.b.ins().return_(&[code]);
    }

    /// Creates the fault block and the loop head (the current block jumps there), and
    /// switches to the block where a work-item (or pack) below `end` starts; returns the exit
    /// block. Blocks of the region are created later (`create_region_blocks`).
    pub(super) fn loop_head(&mut self, end: Value) -> Block {
        self.fault = self.b.create_block();
        self.head = self.b.create_block();
        let exit = self.b.create_block();
        self.blocks = vec![Block::from_u32(0); self.f.blocks.len()];
        self.b.ins().jump(self.head, &[]);
        self.b.switch_to_block(self.head);
        let lane = self.b.use_var(self.lane);
        let past = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, lane, end);
        let start = self.b.create_block();
        self.b.ins().brif(past, exit, &[], start, &[]);
        self.b.switch_to_block(start);
        exit
    }
}
