#include "textflag.h"

// func dotCodesAVX2(codes *uint8, dims int, slots []int32, q16 *int16, out *int32)
// For each slot s: out = Σ q16[i]·codes[s·dims+i], i < dims. The caller
// checks the bounds and that dims > 0, len(slots) > 0.
TEXT ·dotCodesAVX2(SB), NOSPLIT, $0-56
	MOVQ codes+0(FP), R8
	MOVQ dims+8(FP), R9
	MOVQ slots_base+16(FP), R10
	MOVQ slots_len+24(FP), R11
	MOVQ q16+40(FP), R12
	MOVQ out+48(FP), R13

slot:
	MOVLQSX (R10), AX
	IMULQ   R9, AX
	LEAQ    (R8)(AX*1), SI
	MOVQ    R12, DI
	MOVQ    R9, CX
	VPXOR   Y0, Y0, Y0
	VPXOR   Y1, Y1, Y1

loop64:
	CMPQ      CX, $64
	JL        loop16
	VPMOVZXBW (SI), Y2
	VPMOVZXBW 16(SI), Y3
	VPMOVZXBW 32(SI), Y4
	VPMOVZXBW 48(SI), Y5
	VPMADDWD  (DI), Y2, Y2
	VPMADDWD  32(DI), Y3, Y3
	VPMADDWD  64(DI), Y4, Y4
	VPMADDWD  96(DI), Y5, Y5
	VPADDD    Y2, Y0, Y0
	VPADDD    Y3, Y1, Y1
	VPADDD    Y4, Y0, Y0
	VPADDD    Y5, Y1, Y1
	ADDQ      $64, SI
	ADDQ      $128, DI
	SUBQ      $64, CX
	JMP       loop64

loop16:
	CMPQ      CX, $16
	JL        reduce
	VPMOVZXBW (SI), Y2
	VPMADDWD  (DI), Y2, Y2
	VPADDD    Y2, Y0, Y0
	ADDQ      $16, SI
	ADDQ      $32, DI
	SUBQ      $16, CX
	JMP       loop16

reduce:
	VPADDD       Y1, Y0, Y0
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX

tail:
	TESTQ   CX, CX
	JZ      store
	MOVBLZX (SI), BX
	MOVWLSX (DI), DX
	IMULL   DX, BX
	ADDL    BX, AX
	INCQ    SI
	ADDQ    $2, DI
	DECQ    CX
	JMP     tail

store:
	MOVL AX, (R13)
	ADDQ $4, R13
	ADDQ $4, R10
	DECQ R11
	JNZ  slot
	VZEROUPPER
	RET
