;;; accel-catalog.scm -- device catalogue for the Quillan batch scheduler
;;; Guile 3.0 module, read at start-up by (quillan placement).
;;; Units live in the key names: -gb (device memory), -tbs (TB/s), -gbs (GB/s),
;;; -mb (on-chip SRAM), -w (watts), -nm, -tflops / -tops (peak), -usd, -usd-h.
;;; Maintainer: r.aguilar -- revision 31, 2026-11-21

(define-module (quillan catalog)
  #:export (%devices %pools catalog-version))

(define catalog-version "3.1.4")
(define GiB (* 1024 1024 1024))        ; bytes, used for host memory only

(define %devices
  `((mlu590
     (vendor . "Cambricon") (node-nm . 7)
     (mem-gb . 80) (mem-tbs . 2.0)
     (fp16-tflops . 314) (int8-tops . 628)
     (board-w . 350)
     (released . "2023-06"))            ; engineering samples went out 2022-Q4
    ;; The MLU370-X8 carries two MLU370 dies; figures below are per card.
    (mlu370-x8
     (vendor . "Cambricon") (chips . 2)
     (mem-gb . 48) (mem-gbs . 614.4)
     (int8-tops . 256) (board-w . 250))
    (hanguang-800
     (vendor . "T-Head") (node-nm . 12)
     (sram-mb . 192) (int8-tops . 825)
     (announced . "2019-09"))
    (ascend-910b
     (vendor . "Huawei") (mem-gb . 64) (mem-tbs . 1.6)
     (fp16-tflops . 320)                ; CORRECTION r29: was 376, that is another SKU
     (board-w . 400)
     (ai-cores . 24))
    (warboy
     (vendor . "FuriosaAI") (node-nm . 14)
     (mem-gb . 16) (mem-gbs . 66)
     (sram-mb . 32) (int8-tops . 64)
     (board-w (40 . 60)))               ; pair = (min . max)
    (spyre
     (vendor . "IBM") (node-nm . 5) (ai-cores . 32)
     (card-mem-gb . 128)                ; LPDDR5 per PCIe card
     (board-w . 75)
     (available . "2025-10"))
    #;(hanguang-800-alt
     (node-nm . 7))                     ; datum comment: a blog said 7 nm; T-Head says 12 nm
    ))

;; Pools.  Per-instance prices unless a key says -per-chip.
(define %pools
  `((pool-yz-910b
     (instance . "yz.910b.8") (chips . 8)
     (host-mem-bytes . ,(* 2048 GiB))   ; host DDR4, not device memory
     (od-usd-h . 19.60) (spot-usd-h . 7.84)
     (spot-discount-pct . 60)
     (od-usd-h-per-chip . 2.45))
    (pool-yz-mlu
     (instance . "yz.mlu590.4") (chips . 4)
     (od-usd-h . 8.40)
     (reserved-1y-usd-h . 5.88)          ; 30 % off on-demand
     (power-cap-w . 300))               ; our cap, not the rating
    (server-atlas
     (model . "Atlas 800T A2") (chips . 8)
     (mem-gb-total . 512)
     (system-w . 5600)                  ; max, at the wall
     (list-usd . 290000)                ; quote 2026-08; an unconfirmed figure
     (fp16-pflops-total . 2.56))))

;; Notes
;; - The Ascend 910B is "up to 1.8x" the Ascend 910 on ResNet-50 per Huawei.
;; - Warboy measured at 2.1x the throughput of a T4 on our YOLOv5m job (batch 8).
;; - idle draw of the Atlas box is about 900 W; not a rating, not in the table.
