;;; emacs_indent_test.el --- shapescript-mode in batch, for test_emacs.py  -*- lexical-binding: t; -*-
;; emacs --batch -Q -l emacs_indent_test.el, with the environment:
;;   SS_MODE_FILE  editors/emacs/shapescript-mode.el
;;   SS_EXPECTED   a correctly indented .ss file
;;   SS_OUT        where to write the results (JSON)
;; Strips the file's indentation, re-indents it with indent-region, and
;; records the text and the faces of a few words.

(require 'json)
(load (getenv "SS_MODE_FILE") nil t)

(defun ss-test-face-at (word)
  "The face of the first occurrence of WORD as a whole symbol."
  (save-excursion
    (goto-char (point-min))
    (when (re-search-forward (concat "\\_<" (regexp-quote word) "\\_>") nil t)
      (let ((face (get-text-property (match-beginning 0) 'face)))
        (format "%s" face)))))

(let ((out (getenv "SS_OUT"))
      (result nil))
  (with-temp-buffer
    (insert-file-contents (getenv "SS_EXPECTED"))
    ;; The mode auto-mode-alist picks for the file's name.
    (setq buffer-file-name (getenv "SS_EXPECTED"))
    (set-auto-mode)
    (setq buffer-file-name nil)
    (push (cons 'mode (symbol-name major-mode)) result)
    (goto-char (point-min))
    (while (re-search-forward "^[ \t]+" nil t)
      (replace-match ""))
    (indent-region (point-min) (point-max))
    (push (cons 'indented (buffer-substring-no-properties (point-min) (point-max))) result)
    (font-lock-ensure)
    (push (cons 'faces
                (mapcar (lambda (w) (cons w (ss-test-face-at w)))
                        '("fn" "dim" "return" "elif" "true" "f" "768" "2.0" "bf16" "gelu")))
          result)
    (goto-char (point-min))
    (push (cons 'comment_face (format "%s" (get-text-property (+ 3 (point)) (quote face)))) result))
  (with-temp-file out
    (insert (json-encode result))))
