//go:build !amd64

package vector

func dotCodes(codes []uint8, dims int, slots []int32, q16 []int16, out []int32) {
	dotCodesGo(codes, dims, slots, q16, out)
}
