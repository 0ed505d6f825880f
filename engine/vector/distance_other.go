//go:build !amd64

package vector

func dot32(a, b []float32) float32    { return dot32Go(a, b) }
func sqDist32(a, b []float32) float32 { return sqDist32Go(a, b) }
