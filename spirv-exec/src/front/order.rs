//! The order in which a work-group's blocks are scheduled.
//!
//! The executor always runs the lowest-numbered block that has waiting lanes. For lanes that
//! diverged to reconverge (and so for barriers to need no waiting), every block must come after
//! the blocks that can reach it without going round a loop, and a loop must come entirely
//! before the blocks its exits lead to: lanes still iterating run before lanes that already
//! left. Plain reverse post-order gives the first property but not the second (a loop exit
//! visited last by the depth-first search lands before the loop body), so blocks are numbered
//! in a weak topological order (Bourdoncle): strongly connected components in topological
//! order, each loop contiguous, its head first, its body ordered the same way recursively.

/// The blocks reachable from `entry` in weak topological order; `succ[b]` are the successors
/// of block `b`.
pub(crate) fn schedule_order(succ: &[Vec<u32>], entry: u32) -> Vec<u32> {
    let n = succ.len();
    // Depth-first preorder from the entry: reachability, and the head of each loop (the block
    // of the component the search entered first; for a natural loop, its header).
    let mut pre = vec![u32::MAX; n];
    let mut stack = vec![entry];
    let mut next = 0;
    while let Some(b) = stack.pop() {
        if pre[b as usize] != u32::MAX {
            continue;
        }
        pre[b as usize] = next;
        next += 1;
        stack.extend(
            succ[b as usize]
                .iter()
                .rev()
                .filter(|s| pre[**s as usize] == u32::MAX),
        );
    }
    let mut nodes: Vec<u32> = (0..n as u32)
        .filter(|b| pre[*b as usize] != u32::MAX)
        .collect();
    nodes.sort_by_key(|b| pre[*b as usize]);
    let mut order = Vec::with_capacity(nodes.len());
    order_component(succ, &pre, &nodes, &mut order);
    order
}

/// Appends `nodes` (sorted by preorder) in weak topological order, using only the edges
/// between them.
fn order_component(succ: &[Vec<u32>], pre: &[u32], nodes: &[u32], out: &mut Vec<u32>) {
    // Tarjan's algorithm lists the components in reverse topological order.
    for mut scc in components(succ, nodes).into_iter().rev() {
        let b = scc[0];
        if scc.len() == 1 && !succ[b as usize].contains(&b) {
            out.push(b);
            continue;
        }
        scc.sort_by_key(|b| pre[*b as usize]);
        out.push(scc[0]);
        order_component(succ, pre, &scc[1..], out);
    }
}

/// Tarjan's algorithm state.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, usize)>,
    counter: u32,
}

const NONE: u32 = u32::MAX;

impl Tarjan {
    fn visit(&mut self, v: u32) {
        let v_ = v as usize;
        self.index[v_] = self.counter;
        self.low[v_] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v_] = true;
        self.calls.push((v, 0));
    }
}

/// Strongly connected components of the subgraph on `nodes` (iterative Tarjan), in reverse
/// topological order.
fn components(succ: &[Vec<u32>], nodes: &[u32]) -> Vec<Vec<u32>> {
    let n = succ.len();
    let mut member = vec![false; n];
    nodes.iter().for_each(|b| member[*b as usize] = true);
    let mut t = Tarjan {
        index: vec![NONE; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        calls: Vec::new(),
        counter: 0,
    };
    let mut sccs = Vec::new();
    for &root in nodes {
        if t.index[root as usize] != NONE {
            continue;
        }
        t.visit(root);
        while let Some(&(v, i)) = t.calls.last() {
            let v_ = v as usize;
            if let Some(&w) = succ[v_].get(i) {
                if let Some(frame) = t.calls.last_mut() {
                    frame.1 += 1;
                }
                if !member[w as usize] {
                    continue;
                }
                if t.index[w as usize] == NONE {
                    t.visit(w);
                } else if t.on_stack[w as usize] {
                    t.low[v_] = t.low[v_].min(t.index[w as usize]);
                }
                continue;
            }
            t.calls.pop();
            if let Some(&(u, _)) = t.calls.last() {
                t.low[u as usize] = t.low[u as usize].min(t.low[v_]);
            }
            if t.low[v_] == t.index[v_] {
                let mut scc = Vec::new();
                while let Some(w) = t.stack.pop() {
                    t.on_stack[w as usize] = false;
                    scc.push(w);
                    if w == v {
                        break;
                    }
                }
                sccs.push(scc);
            }
        }
    }
    sccs
}

#[cfg(test)]
mod tests {
    use super::schedule_order;

    fn position(order: &[u32], b: u32) -> usize {
        order.iter().position(|x| *x == b).unwrap()
    }

    #[test]
    fn loop_body_comes_before_the_exit() {
        // 0 -> 1 (header) -> {2 body, 3 exit}; 2 -> 1; 3 -> 4 (loop: 4 -> 4 | 5); 5 end.
        // The header lists the exit first, as llvm-spirv's `for` loops at -O0 do.
        let succ = vec![vec![1], vec![3, 2], vec![1], vec![4], vec![5, 4], vec![]];
        let order = schedule_order(&succ, 0);
        assert_eq!(order, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn nested_loops_and_unreachable_blocks() {
        // 0 -> 1 outer header -> {2 inner header, 6 exit}; 2 -> {3 inner body, 5 outer latch};
        // 3 -> 4 -> 2; 5 -> 1; 7 unreachable.
        let succ = vec![
            vec![1],
            vec![6, 2],
            vec![5, 3],
            vec![4],
            vec![2],
            vec![1],
            vec![],
            vec![0],
        ];
        let order = schedule_order(&succ, 0);
        assert_eq!(order.len(), 7);
        let p = |b| position(&order, b);
        assert!(p(1) < p(2) && p(2) < p(3) && p(3) < p(4) && p(4) < p(5) && p(5) < p(6));
    }
}
