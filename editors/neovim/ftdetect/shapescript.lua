-- `*.ss` files are ShapeScript. Neovim's own detection calls them Scheme, so
-- this overrides it (the autocmd below runs after the built-in ones).

if vim.filetype and vim.filetype.add then
  -- Neovim 0.8+ detects with filetype.lua; 0.7 only when g:do_filetype_lua is set.
  vim.filetype.add({ extension = { ss = 'shapescript' } })
end

vim.cmd([[
  augroup shapescript_ftdetect
    autocmd!
    autocmd BufNewFile,BufRead *.ss if &filetype !=# 'shapescript' | set filetype=shapescript | endif
  augroup END
]])
