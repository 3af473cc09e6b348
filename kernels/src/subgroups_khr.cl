// cl-std: CL2.0
// clang-flags: -Xclang -cl-ext=+cl_khr_subgroups,+cl_khr_subgroup_ballot,+cl_khr_subgroup_non_uniform_arithmetic,+cl_khr_subgroup_shuffle,+cl_khr_subgroup_shuffle_relative,+cl_khr_subgroup_clustered_reduce,+cl_khr_subgroup_non_uniform_vote
// spirv-version: 1.3
// spirv-val-env: spv1.3
// The cl_khr_subgroup_* extensions (OpGroupNonUniform*, SPIR-V 1.3). Every kernel is 1-D;
// "i" is the global id, "x" the work-item's input.

// out[8i..]: ballot(x > 0).x, its bit count, inclusive and exclusive scans of it, its lowest
// and highest set bit (99 when none), the inverse ballot, bit 3 of it.
kernel void sg_ballot(global const int* in, global uint* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    uint4 b = sub_group_ballot(x > 0);
    out[8 * i + 0] = b.x;
    out[8 * i + 1] = sub_group_ballot_bit_count(b);
    out[8 * i + 2] = sub_group_ballot_inclusive_scan(b);
    out[8 * i + 3] = sub_group_ballot_exclusive_scan(b);
    out[8 * i + 4] = b.x != 0 ? sub_group_ballot_find_lsb(b) : 99;
    out[8 * i + 5] = b.x != 0 ? sub_group_ballot_find_msb(b) : 99;
    out[8 * i + 6] = sub_group_inverse_ballot(b);
    out[8 * i + 7] = sub_group_ballot_bit_extract(b, 3);
}

// out[10i..]: shuffle from (l + 5) % n, xor 1 (own value past the end), up by 1 and down by 2
// (own value past the ends), elect, broadcast first, clustered reduce add by 4, all equal
// of x / 100, non-uniform reduce xor, exclusive max scan.
kernel void sg_shuffle(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    uint l = get_sub_group_local_id(), n = get_sub_group_size();
    // Every work-item of the sub-group calls each: what a missing one gives is undefined.
    int sx = sub_group_shuffle_xor(x, 1);
    int su = sub_group_shuffle_up(x, 1);
    int sd = sub_group_shuffle_down(x, 2);
    out[10 * i + 0] = sub_group_shuffle(x, (l + 5) % n);
    out[10 * i + 1] = (l ^ 1) < n ? sx : x;
    out[10 * i + 2] = l >= 1 ? su : x;
    out[10 * i + 3] = l + 2 < n ? sd : x;
    out[10 * i + 4] = sub_group_elect();
    out[10 * i + 5] = sub_group_broadcast_first(x);
    out[10 * i + 6] = sub_group_clustered_reduce_add(x, 4);
    out[10 * i + 7] = sub_group_non_uniform_all_equal(x / 100);
    out[10 * i + 8] = sub_group_non_uniform_reduce_xor(x);
    out[10 * i + 9] = sub_group_scan_exclusive_max(x);
}

// Non-uniform: only the work-items whose local id is a multiple of 3 take part.
// out[4i..]: elect, ballot(true).x, non-uniform reduce add, broadcast first; -1 for the others.
kernel void sg_divergent(global const int* in, global int* out) {
    size_t i = get_global_id(0);
    int x = in[i];
    if (get_local_id(0) % 3 == 0) {
        out[4 * i + 0] = sub_group_elect();
        out[4 * i + 1] = sub_group_ballot(1).x;
        out[4 * i + 2] = sub_group_non_uniform_reduce_add(x);
        out[4 * i + 3] = sub_group_broadcast_first(x);
    } else {
        out[4 * i + 0] = -1;
        out[4 * i + 1] = -1;
        out[4 * i + 2] = -1;
        out[4 * i + 3] = -1;
    }
}
