package vector

import "golang.org/x/sys/cpu"

// On amd64 with AVX2 and FMA the float32 kernels run eight lanes at a
// time in assembly (distance_amd64.s); elsewhere, the portable loops.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func dotAVX2(a, b []float32) float32

//go:noescape
func sqDistAVX2(a, b []float32) float32

func dot32(a, b []float32) float32 {
	if useAVX2 {
		return dotAVX2(a, b[:len(a)])
	}
	return dot32Go(a, b)
}

func sqDist32(a, b []float32) float32 {
	if useAVX2 {
		return sqDistAVX2(a, b[:len(a)])
	}
	return sqDist32Go(a, b)
}
