package vector

//go:noescape
func dotCodesAVX2(codes *uint8, dims int, slots []int32, q16 *int16, out *int32)

// dotCodes is out[j] = Σ q16[i]·code[i] over the codes of slots[j]: the
// AVX2 kernel (VPMOVZXBW, VPMADDWD) where the CPU has it, else the
// portable loop; both compute the same integers.
func dotCodes(codes []uint8, dims int, slots []int32, q16 []int16, out []int32) {
	if !useAVX2 || len(slots) == 0 || dims == 0 {
		dotCodesGo(codes, dims, slots, q16, out)
		return
	}
	_ = out[len(slots)-1]
	_ = q16[dims-1]
	for _, s := range slots {
		_ = codes[int(s)*dims+dims-1] // bounds, once, before the assembly reads
	}
	dotCodesAVX2(&codes[0], dims, slots, &q16[0], &out[0])
}
